package io.dendrite.parquet.write;

/**
 * How a writer chooses each column chunk's value encoding ({@link DendriteWriter.Builder#encodings}).
 * Either way every encoding written is one the Parquet spec (Encodings.md) allows in data page
 * v1 and v2 alike, and dictionaries, statistics, indexes and bloom filters are written as ever.
 */
public enum Encodings {
  /**
   * parquet-java's fixed choice (the default): a dictionary where it makes the chunk smaller,
   * else PLAIN in data page v1 and DELTA_BINARY_PACKED / DELTA_BYTE_ARRAY in v2;
   * BYTE_STREAM_SPLIT only for the paths {@link DendriteWriter.Builder#byteStreamSplit} names.
   */
  DEFAULT,
  /**
   * Chosen per column chunk from its values, by estimated encoded size before compression:
   * INT32/INT64 DELTA_BINARY_PACKED when smaller than PLAIN and the dictionary (sorted or
   * clustered ids, timestamps); FLOAT/DOUBLE BYTE_STREAM_SPLIT when no dictionary pays;
   * BYTE_ARRAY the dictionary when it pays, else the smallest of PLAIN,
   * DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY (values sharing prefixes with the one before);
   * booleans and fixed-length byte arrays as {@link #DEFAULT}. Paths given to
   * {@link DendriteWriter.Builder#noDictionary} get no dictionary and paths given to
   * {@link DendriteWriter.Builder#byteStreamSplit} keep BYTE_STREAM_SPLIT. The choice depends
   * only on the chunk's values, so files are the same bytes for every parallelism. Needs the
   * default write engine (our own column writing); parquet-java's engine ignores it.
   */
  AUTO
}
