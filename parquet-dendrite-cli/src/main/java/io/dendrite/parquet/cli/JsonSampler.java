package io.dendrite.parquet.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the start of a JSON-lines input to choose column types ({@link JsonColumnTypes}): the
 * first {@code sampleLines} non-blank lines, or the whole input when it is an uncompressed file
 * of at most {@link #WHOLE_FILE_BYTES} (then types cannot be contradicted later).
 */
final class JsonSampler {
  /** Uncompressed files up to this size are scanned whole. */
  static final long WHOLE_FILE_BYTES = 64L << 20;

  /**
   * What the scan found.
   *
   * @param types the column statistics
   * @param linesRead lines consumed from the input, blank ones included
   * @param wholeInput whether every line was scanned (the input must then be reopened)
   * @param consumed the text consumed, to replay before the rest of the input (empty when
   *     {@code wholeInput})
   * @param firstRecords the first {@code keepRecords} non-blank lines (well-formed ones only
   *     when skipping invalid lines)
   */
  record Result(JsonColumnTypes types, long linesRead, boolean wholeInput, String consumed,
      List<String> firstRecords) {}

  private JsonSampler() {}

  static Result scan(JsonInput in, int sampleLines, int keepRecords, boolean skipInvalid)
      throws IOException {
    boolean whole = in.reopenable() && !in.compressed() && in.size() <= WHOLE_FILE_BYTES;
    JsonColumnTypes types = new JsonColumnTypes();
    StringBuilder consumed = new StringBuilder();
    List<String> first = new ArrayList<>();
    BufferedReader r = in.reader();
    long lineNumber = 0;
    long records = 0;
    String line;
    while ((whole || records < sampleLines || first.size() < keepRecords)
        && (line = r.readLine()) != null) {
      lineNumber++;
      if (!whole) {
        consumed.append(line).append('\n');
      }
      if (line.isBlank()) {
        continue;
      }
      records++;
      try {
        if (whole || records <= sampleLines) {
          types.add(line, in.name(), lineNumber);
        }
      } catch (CliException e) {
        if (skipInvalid) {
          continue;
        }
        throw e;
      }
      if (first.size() < keepRecords) {
        first.add(line);
      }
    }
    return new Result(types, lineNumber, whole, whole ? "" : consumed.toString(), first);
  }
}
