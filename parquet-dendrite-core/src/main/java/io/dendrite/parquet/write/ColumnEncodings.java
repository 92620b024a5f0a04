package io.dendrite.parquet.write;

import java.util.List;
import java.util.Map;

/**
 * How a writer encodes and compresses its columns (see {@link DendriteWriter.Builder#pageVersion},
 * {@link DendriteWriter.Builder#noDictionary}, {@link DendriteWriter.Builder#byteStreamSplit}
 * and {@link DendriteWriter.Builder#codec(Codec, String...)}).
 *
 * @param pageVersion 1 (data page v1, PLAIN fallback) or 2 (data page v2, DELTA fallback)
 * @param noDictionary paths written without a dictionary
 * @param byteStreamSplit paths written with BYTE_STREAM_SPLIT
 * @param codecs paths compressed with another codec than the file's, in the order given
 * @param choice value encodings fixed or chosen per chunk from the data
 */
record ColumnEncodings(int pageVersion, List<String> noDictionary,
    List<String> byteStreamSplit, Map<String, Codec> codecs, DendriteWriter.Encodings choice) {
  static final ColumnEncodings DEFAULTS =
      new ColumnEncodings(1, List.of(), List.of(), Map.of(), DendriteWriter.Encodings.DEFAULT);

  ColumnEncodings withChoice(DendriteWriter.Encodings choice) {
    return new ColumnEncodings(pageVersion, noDictionary, byteStreamSplit, codecs, choice);
  }

  ColumnEncodings withPageVersion(int version) {
    return new ColumnEncodings(version, noDictionary, byteStreamSplit, codecs, choice);
  }

  ColumnEncodings withNoDictionary(List<String> paths) {
    return new ColumnEncodings(pageVersion, paths, byteStreamSplit, codecs, choice);
  }

  ColumnEncodings withByteStreamSplit(List<String> paths) {
    return new ColumnEncodings(pageVersion, noDictionary, paths, codecs, choice);
  }

  ColumnEncodings withCodec(Codec codec, List<String> paths) {
    Map<String, Codec> out = new java.util.LinkedHashMap<>(codecs);
    paths.forEach(p -> out.put(p, codec));
    return new ColumnEncodings(pageVersion, noDictionary, byteStreamSplit,
        java.util.Collections.unmodifiableMap(out), choice);
  }
}
