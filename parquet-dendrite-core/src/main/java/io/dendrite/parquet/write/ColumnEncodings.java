package io.dendrite.parquet.write;

import java.util.List;

/**
 * How a writer encodes its columns (see {@link DendriteWriter.Builder#pageVersion},
 * {@link DendriteWriter.Builder#noDictionary} and {@link DendriteWriter.Builder#byteStreamSplit}).
 *
 * @param pageVersion 1 (data page v1, PLAIN fallback) or 2 (data page v2, DELTA fallback)
 * @param noDictionary paths written without a dictionary
 * @param byteStreamSplit paths written with BYTE_STREAM_SPLIT
 */
record ColumnEncodings(int pageVersion, List<String> noDictionary,
    List<String> byteStreamSplit) {
  static final ColumnEncodings DEFAULTS = new ColumnEncodings(1, List.of(), List.of());
}
