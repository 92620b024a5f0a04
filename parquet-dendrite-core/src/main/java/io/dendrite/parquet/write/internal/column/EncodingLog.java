package io.dendrite.parquet.write.internal.column;

import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code encodings(auto)} chose for one leaf column where that differs from the default,
 * over the file's chunks: how many chunks got each encoding and the reason given for the
 * earliest row group's. Chunks may be encoded on several threads, in any order, so it is
 * synchronized and keeps the earliest row group's reason, not the last one logged.
 */
final class EncodingLog {
  private final Map<String, Integer> chunks = new TreeMap<>();
  private int firstRowGroup = Integer.MAX_VALUE;
  private String firstReason;

  synchronized void add(int rowGroup, AutoEncodings.Choice choice) {
    String encoding = choice.dictionary() ? "dictionary" : choice.encoding().name();
    chunks.merge(encoding, 1, Integer::sum);
    if (rowGroup < firstRowGroup) {
      firstRowGroup = rowGroup;
      firstReason = choice.reason();
    }
  }

  /**
   * A line such as {@code "DELTA_BINARY_PACKED in 3 of 3 chunks (row group 0: ...)"}, or
   * null when every chunk was encoded as by default.
   */
  synchronized String summary(int rowGroups) {
    if (chunks.isEmpty()) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    chunks.forEach((encoding, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(encoding)
        .append(" in ").append(n).append(" of ").append(rowGroups).append(" chunks"));
    return sb.append(" (row group ").append(firstRowGroup).append(": ").append(firstReason)
        .append(')').toString();
  }
}
