package io.dendrite.parquet.cli;

import io.dendrite.parquet.write.DendriteWriter;
import io.dendrite.parquet.write.InvalidRecordException;
import java.io.IOException;
import java.io.InputStream;
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
   * @param wholeInput whether every line was scanned: the input must then be reopened to read
   *     it again; otherwise the scan rewound it to its start ({@link JsonInput#text()})
   * @param firstRecords the first {@code keepRecords} non-blank lines (well-formed ones only
   *     when skipping invalid lines)
   */
  record Result(JsonColumnTypes types, long linesRead, boolean wholeInput,
      List<String> firstRecords) {}

  private JsonSampler() {}

  /**
   * Scans {@code in} from its start.
   *
   * @throws CliException naming the input and the line of the first invalid line (not valid
   *     UTF-8, not a JSON object), unless {@code skipInvalid}
   */
  static Result scan(JsonInput in, int sampleLines, int keepRecords, boolean skipInvalid)
      throws IOException {
    boolean whole = in.reopenable() && !in.compressed() && in.size() <= WHOLE_FILE_BYTES;
    InputStream text = in.text();
    if (!whole) {
      // Everything read from here on is kept, so the writer can read the sample again.
      text.mark(Integer.MAX_VALUE);
    }
    Scan scan = new Scan(in.name(), whole, sampleLines, keepRecords, skipInvalid);
    long linesRead = scan.wantsMore() ? in.readLines(scan) : 0;
    if (!whole) {
      text.reset();
      text.mark(0); // stop keeping what is read from now on
    }
    return new Result(scan.types, linesRead, whole, scan.first);
  }

  /** One scan: reads on while {@link #wantsMore()}, each line counting as a record. */
  private static final class Scan implements DendriteWriter.LineVisitor {
    private final String source;
    private final boolean whole;
    private final int sampleLines;
    private final int keepRecords;
    private final boolean skipInvalid;
    final JsonColumnTypes types = new JsonColumnTypes();
    final List<String> first = new ArrayList<>();
    private long records;

    Scan(String source, boolean whole, int sampleLines, int keepRecords, boolean skipInvalid) {
      this.source = source;
      this.whole = whole;
      this.sampleLines = sampleLines;
      this.keepRecords = keepRecords;
      this.skipInvalid = skipInvalid;
    }

    boolean wantsMore() {
      return whole || records < sampleLines || first.size() < keepRecords;
    }

    @Override
    public boolean line(String line, long lineNumber) {
      records++;
      try {
        if (whole || records <= sampleLines) {
          types.add(line, source, lineNumber);
        }
      } catch (CliException e) {
        if (skipInvalid) {
          return wantsMore();
        }
        throw e;
      }
      if (first.size() < keepRecords) {
        first.add(line);
      }
      return wantsMore();
    }

    @Override
    public boolean invalid(InvalidRecordException e) {
      records++;
      if (skipInvalid) {
        return wantsMore();
      }
      throw new CliException(source + ": line " + e.row() + ": " + e.problem(), e);
    }
  }
}
