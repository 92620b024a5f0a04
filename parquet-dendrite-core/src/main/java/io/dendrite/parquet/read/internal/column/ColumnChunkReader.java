package io.dendrite.parquet.read.internal.column;

import java.nio.ByteBuffer;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Reads one leaf column of one row group, whole rows at a time, into a {@link LeafBatch}: our
 * own bulk decoding of the pages parquet-java reads and decompresses (data pages v1 and v2,
 * every encoding of the spec; an encoding we do not know is decoded by parquet-java's values
 * reader for that page). The dictionary page is decoded once, when a page first needs it.
 *
 * <p>Rows are counted within the row group. The pages may have gaps: a page store from {@code
 * ParquetFileReader.readFilteredRowGroup} leaves out the pages outside the selected rows, and
 * each page says where it starts. {@link #skipRows} crosses gaps and skips whole pages without
 * decoding them where the page header says how many rows it holds; {@link #readRows} reads only
 * consecutive rows and fails on a gap instead of returning a later page's rows. A row of a
 * repeated column starts at repetition level 0 and may continue over pages (page v1).
 *
 * <p>A corrupt page fails with a {@link ColumnReadException} naming the column and the page;
 * the reader is not usable afterwards. Not thread-safe.
 */
public final class ColumnChunkReader {
  /** Repetition levels decoded ahead of the entries taken, and def levels skipped, at a time. */
  private static final int CHUNK = 4096;
  private static final int UNDECIDED = 0;
  private static final int IDS = 1;
  private static final int VALUES = 2;

  private final ColumnDescriptor column;
  private final PageReader pages;
  private final long rowCount;
  private final int maxDef;
  private final int maxRep;
  private final PrimitiveTypeName type;
  private final boolean binaryValues;
  private final PageDecoder page;

  /** The row group's index of the next row to start: the next row {@link #readRows} returns. */
  private long rowIndex;

  /** Data pages read from the chunk; the last one is the open or pending page. */
  private int pagesRead;
  /** A page read from the chunk but not opened yet (null: none, or the chunk has ended). */
  private DataPage pending;
  private boolean chunkEnded;
  private boolean pageOpen;
  /** Level entries of the open page not yet decoded (repeated columns: not yet in {@link #ahead}). */
  private int entriesLeft;
  /** Rows the open page says it holds (-1: unknown), and row starts seen in it. */
  private long pageRows;
  private long pageRowStarts;
  /** Whether the open page's first entry must start a row. */
  private boolean mustStartRow;

  /** Repeated columns: repetition levels {@code ahead[aheadPos, aheadLen)} decoded, not taken. */
  private int[] ahead;
  private int aheadPos;
  private int aheadLen;
  /** Definition levels or dictionary ids that are skipped or materialized. */
  private int[] scratch;

  private ColumnDictionary dictionary;
  private boolean dictionaryRead;
  /** Whether the current batch holds dictionary ids or values: see {@link LeafBatch#dictionary}. */
  private int batchMode;

  /**
   * @param column the leaf column
   * @param pages its pages in this row group (decompressed and checksum-verified by parquet-java)
   * @param rowCount the row group's row count
   */
  public ColumnChunkReader(ColumnDescriptor column, PageReader pages, long rowCount) {
    this.column = column;
    this.pages = pages;
    this.rowCount = rowCount;
    this.maxDef = column.getMaxDefinitionLevel();
    this.maxRep = column.getMaxRepetitionLevel();
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.binaryValues = type == PrimitiveTypeName.BINARY
        || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY || type == PrimitiveTypeName.INT96;
    this.page = new PageDecoder(column);
  }

  public ColumnDescriptor column() {
    return column;
  }

  /** The 0-based index, within the row group, of the next row {@link #readRows} returns. */
  public long rowIndex() {
    return rowIndex;
  }

  /**
   * Decodes the next {@code min(rows, remaining)} rows into {@code out} (replacing its
   * contents) and returns that number.
   *
   * @throws ColumnReadException if a page does not decode, or some of these rows are not in
   *     the pages read (a row index filter left their page out: {@link #skipRows} past them)
   */
  public int readRows(int rows, LeafBatch out) {
    if (rows < 0) {
      throw new IllegalArgumentException("rows to read: " + rows);
    }
    begin(out);
    int n = (int) Math.min(rows, rowCount - rowIndex);
    if (n <= 0) {
      return 0;
    }
    try {
      consume(rowIndex + n, out);
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw failure(e);
    }
    if (batchMode == IDS) {
      out.dictionary = dictionary;
    }
    out.rows = n;
    return n;
  }

  /**
   * Skips {@code rows} rows (fewer if the row group ends first), crossing gaps between pages;
   * pages wholly skipped are not decoded.
   */
  public void skipRows(long rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("rows to skip: " + rows);
    }
    long target = rowIndex + Math.min(rows, rowCount - rowIndex);
    if (target <= rowIndex) {
      return;
    }
    try {
      consume(target, null);
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw failure(e);
    }
  }

  private void begin(LeafBatch out) {
    out.rows = 0;
    out.entries = 0;
    out.values = 0;
    out.dictionary = null;
    if (maxDef == 0) {
      out.def = null;
    }
    if (maxRep == 0) {
      out.rep = null;
    }
    if (binaryValues) {
      out.offsets = BatchArrays.ints(out.offsets, 1);
      out.offsets[0] = 0;
    }
    batchMode = UNDECIDED;
  }

  /**
   * Takes entries until {@code target} rows have started and the next entry starts another
   * row (or the chunk ends): into {@code out}, or skipped when it is null.
   */
  private void consume(long target, LeafBatch out) {
    while (true) {
      if (aheadPos == aheadLen && entriesLeft == 0) {
        if (!nextPage(target, out == null)) {
          return;
        }
      } else if (maxRep == 0) {
        if (rowIndex == target) {
          return;
        }
        int k = (int) Math.min(target - rowIndex, entriesLeft);
        take(k, out);
        entriesLeft -= k;
        rowIndex += k;
      } else if (takeRepeated(target, out)) {
        return;
      }
    }
  }

  /**
   * Takes the looked-ahead entries up to the start of row {@code target}; true when it was
   * reached.
   */
  private boolean takeRepeated(long target, LeafBatch out) {
    if (aheadPos == aheadLen) {
      // At the batch's end, a new page's first level tells whether it continues the last row:
      // decode only that one (a damaged page then does not fail the rows before it).
      int k = Math.min(entriesLeft, rowIndex == target && aheadLen == 0 ? 1 : CHUNK);
      ahead = BatchArrays.ints(ahead, k);
      page.rep.read(ahead, 0, k);
      entriesLeft -= k;
      aheadPos = 0;
      aheadLen = k;
    }
    int[] levels = ahead;
    int i = aheadPos;
    if (mustStartRow) {
      if (levels[i] != 0) {
        throw new InvalidPageException("the page's first repetition level is " + levels[i]
            + ", not 0: it does not start at a row boundary");
      }
      mustStartRow = false;
    }
    boolean reached = false;
    long row = rowIndex;
    long starts = 0;
    for (int end = aheadLen; i < end; i++) {
      int level = levels[i];
      if (level == 0) {
        if (row == target) {
          reached = true;
          break;
        }
        row++;
        starts++;
      } else if (level > maxRep) {
        throw new InvalidPageException("repetition level " + level + " is more than the column's"
            + " maximum " + maxRep);
      }
    }
    rowIndex = row;
    pageRowStarts += starts;
    int k = i - aheadPos;
    if (k > 0) {
      take(k, out);
    }
    aheadPos = i;
    return reached;
  }

  /** Takes the next {@code k} entries (levels and values) of the open page. */
  private void take(int k, LeafBatch out) {
    if (out == null) {
      int values = maxDef == 0 ? k : skipDefinitionLevels(k);
      if (values > 0) {
        page.skipValues(values);
      }
      return;
    }
    int e = out.entries;
    if (maxRep > 0) {
      out.rep = BatchArrays.ints(out.rep, (long) e + k);
      System.arraycopy(ahead, aheadPos, out.rep, e, k);
    }
    int values = k;
    if (maxDef > 0) {
      out.def = BatchArrays.ints(out.def, (long) e + k);
      page.def.read(out.def, e, k);
      values = countValues(out.def, e, k);
    }
    out.entries = e + k;
    if (values > 0) {
      readValues(out, values);
    }
  }

  /** Entries at the maximum definition level (those with a value); checks every level. */
  private int countValues(int[] def, int from, int k) {
    int max = maxDef;
    int values = 0;
    int over = 0;
    for (int i = from, end = from + k; i < end; i++) {
      int d = def[i];
      values += d == max ? 1 : 0;
      over |= d > max ? 1 : 0;
    }
    if (over != 0) {
      throw new InvalidPageException("a definition level is more than the column's maximum "
          + max);
    }
    return values;
  }

  private int skipDefinitionLevels(int k) {
    int values = 0;
    while (k > 0) {
      int c = Math.min(k, CHUNK);
      scratch = BatchArrays.ints(scratch, c);
      page.def.read(scratch, 0, c);
      values += countValues(scratch, 0, c);
      k -= c;
    }
    return values;
  }

  /** Decodes {@code n} values (or ids) of the open page as the batch's next values. */
  private void readValues(LeafBatch out, int n) {
    int at = out.values;
    if (page.dictionaryEncoded) {
      if (batchMode == UNDECIDED) {
        batchMode = IDS;
      }
      if (batchMode == IDS) {
        out.ids = BatchArrays.ints(out.ids, (long) at + n);
        page.ids.read(out.ids, at, n);
      } else {
        scratch = BatchArrays.ints(scratch, n);
        page.ids.read(scratch, 0, n);
        dictionary.copyTo(scratch, 0, n, out, at);
      }
    } else {
      if (batchMode == IDS) {
        // The chunk fell back from dictionary to plain pages in this batch: it holds values.
        dictionary.copyTo(out.ids, 0, at, out, 0);
      }
      batchMode = VALUES;
      page.values.read(out, at, n);
    }
    out.values = at + n;
  }

  /**
   * Moves on from the open page, which is used up, at row {@link #rowIndex}: returns false
   * when the rows up to {@code target} are done (or, skipping, lie past the pages), true to go
   * on (a page was opened, or skipped whole).
   */
  private boolean nextPage(long target, boolean skipping) {
    if (pageOpen) {
      closePage();
    }
    DataPage p = peekPage();
    if (p == null) {
      if (rowIndex >= target) {
        return false;
      }
      if (skipping) {
        rowIndex = target; // rows past the pages read: readRows there fails
        return false;
      }
      throw missing(target, "the column chunk has no more pages");
    }
    long first = p.getFirstRowIndex().orElse(-1L);
    long rows = declaredRows(p);
    // Pages start at a row boundary where the page index says so, in page v2 (spec), and
    // always when nothing repeats; other v1 pages may continue the previous page's last row.
    boolean startsRow = first >= 0 || maxRep == 0 || p instanceof DataPageV2;
    if (startsRow) {
      long start = first >= 0 ? first : rowIndex;
      if (start < rowIndex) {
        throw new InvalidPageException("the page starts at row " + start + ", but the pages"
            + " before it end at row " + rowIndex);
      }
      if (rowIndex >= target) {
        return false;
      }
      if (start > rowIndex) {
        if (!skipping) {
          throw missing(Math.min(start, target), "the pages read skip to row " + start
              + " (a row index filter left the rows between out)");
        }
        if (start >= target) {
          rowIndex = target;
          return false;
        }
        rowIndex = start;
      }
      if (skipping && rows >= 0 && rowIndex + rows <= target) {
        pending = null; // skipped whole: nothing decoded
        rowIndex += rows;
        return true;
      }
    }
    openPage(p, rows, startsRow);
    return true;
  }

  /** Rows the page holds, where its header or the page index says so; -1 when unknown. */
  private long declaredRows(DataPage p) {
    if (maxRep == 0) {
      return p.getValueCount();
    }
    if (p instanceof DataPageV2 v2) {
      return v2.getRowCount();
    }
    return p.getIndexRowCount().map(Integer::longValue).orElse(-1L);
  }

  private DataPage peekPage() {
    if (pending == null && !chunkEnded) {
      pagesRead++; // counted before reading, so that a failing read names this page
      pending = pages.readPage();
      if (pending == null) {
        pagesRead--;
        chunkEnded = true;
      }
    }
    return pending;
  }

  private void openPage(DataPage p, long rows, boolean startsRow) {
    pending = null;
    int entries = p.getValueCount();
    if (entries < 0) {
      throw new InvalidPageException("the page header gives " + entries + " values");
    }
    if (maxRep == 0 && p instanceof DataPageV2 v2 && v2.getRowCount() != entries) {
      throw new InvalidPageException("the page header gives " + entries + " values in "
          + v2.getRowCount() + " rows of a column that does not repeat");
    }
    Encoding encoding = PageDecoder.valueEncoding(p);
    page.open(p, encoding.usesDictionary() ? dictionary(encoding) : null);
    pageOpen = true;
    entriesLeft = entries;
    aheadPos = 0;
    aheadLen = 0;
    pageRows = rows;
    pageRowStarts = 0;
    mustStartRow = maxRep > 0 && (startsRow || rowIndex == 0);
  }

  private void closePage() {
    pageOpen = false;
    if (maxRep > 0 && pageRows >= 0 && pageRowStarts != pageRows) {
      throw new InvalidPageException("the page says it holds " + pageRows + " rows, but "
          + pageRowStarts + " start in it");
    }
  }

  private ColumnDictionary dictionary(Encoding encoding) {
    if (!dictionaryRead) {
      dictionaryRead = true;
      try {
        DictionaryPage d = pages.readDictionaryPage();
        if (d != null) {
          ByteBuffer b = PageDecoder.heap(d.getBytes());
          int start = b.arrayOffset() + b.position();
          dictionary = DictionaryPageDecoder.decode(type,
              column.getPrimitiveType().getTypeLength(), d.getEncoding(), d.getDictionarySize(),
              b.array(), start, start + b.remaining());
        }
      } catch (RuntimeException e) {
        throw new ColumnReadException(path(), ColumnReadException.DICTIONARY_PAGE,
            problem(e), e instanceof InvalidPageException ? null : e);
      }
    }
    if (dictionary == null) {
      throw new InvalidPageException("the page is " + encoding
          + "-encoded, but the column chunk has no dictionary page");
    }
    return dictionary;
  }

  private ColumnReadException missing(long upTo, String why) {
    return new ColumnReadException(path(), ColumnReadException.NO_PAGE, "rows " + rowIndex
        + " to " + (upTo - 1) + " (0-based, in the row group) cannot be read: " + why, null);
  }

  private ColumnReadException failure(RuntimeException e) {
    return new ColumnReadException(path(), pagesRead, problem(e),
        e instanceof InvalidPageException ? null : e);
  }

  private static String problem(RuntimeException e) {
    return e instanceof InvalidPageException ? e.getMessage()
        : "cannot decode the page: " + e;
  }

  private String path() {
    return String.join(".", column.getPath());
  }
}
