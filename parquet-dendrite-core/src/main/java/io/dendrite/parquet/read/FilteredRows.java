package io.dendrite.parquet.read;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.filter.FilterEvaluator;
import io.dendrite.parquet.filter.FilterPlan;
import io.dendrite.parquet.filter.FilterPlanner;
import io.dendrite.parquet.filter.FilterValues;
import io.dendrite.parquet.filter.ReadReport;
import io.dendrite.parquet.schema.FieldPath;
import io.dendrite.parquet.variant.VariantValue;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The rows of one file that pass a filter, in file order: only the row groups and rows that
 * {@link FilterPlanner} keeps are read, and each row read is tested with the filter's
 * {@link FilterEvaluator}. The filter's paths are read beside the selection and left out of the
 * rows returned.
 *
 * <p>Interim wiring over parquet-java's record assembly ({@code readFilteredRowGroup} and a
 * record reader that keeps to the row ranges); the columnar engine (issue 12) replaces it and
 * calls the same {@link FilterPlanner} / {@link FilterEvaluator} seam.
 */
final class FilteredRows implements Closeable {
  private final String name;
  private final ParquetFileReader file;
  private final MessageType requested;
  private final FilterPlan plan;
  private final FilterEvaluator evaluator;
  private final MessageColumnIO io;
  private final RecordMaterializer<DendriteRow> materializer;
  private final RowShape out;
  private final int outSize;
  private final long[] firstRows;
  private final FilterSlots values;
  private int rowGroup = -1;
  private RecordReader<DendriteRow> records;
  private long remaining;
  private PrimitiveIterator.OfLong rowIndexes;

  private FilteredRows(String name, ParquetFileReader file, MessageType requested,
      FilterPlan plan, FilterEvaluator evaluator, RecordMaterializer<DendriteRow> materializer,
      RowShape out, int outSize, int[] slots) {
    this.name = name;
    this.file = file;
    this.requested = requested;
    this.plan = plan;
    this.evaluator = evaluator;
    this.materializer = materializer;
    this.out = out;
    this.outSize = outSize;
    this.values = new FilterSlots(slots);
    MessageType fileSchema = file.getFooter().getFileMetaData().getSchema();
    this.io = new ColumnIOFactory(file.getFooter().getFileMetaData().getCreatedBy())
        .getColumnIO(requested, fileSchema, true);
    List<BlockMetaData> blocks = file.getRowGroups();
    this.firstRows = new long[blocks.size()];
    for (int g = 1; g < blocks.size(); g++) {
      firstRows[g] = firstRows[g - 1] + blocks.get(g - 1).getRowCount();
    }
  }

  /**
   * Opens {@code input} (a Hadoop file read with {@code conf}, or a local one when it is null)
   * and plans the read of {@code selection} (null: every column) where {@code filter} holds.
   * Failures name the file.
   */
  static FilteredRows open(String name, InputFile input,
      org.apache.hadoop.conf.Configuration conf, List<String> selection, Filter filter,
      boolean strictCasts) {
    ParquetFileReader file = null;
    try {
      // Page checksums verified, as every read does (DESIGN.md §6).
      ParquetReadOptions options = (conf == null
          ? new ParquetReadOptions.Builder(new PlainParquetConfiguration())
          : HadoopReadOptions.builder(conf)).usePageChecksumVerification(true).build();
      file = new ParquetFileReader(input, options);
      MessageType fileSchema = file.getFooter().getFileMetaData().getSchema();
      List<String> outNames = new ArrayList<>();
      List<String> reads = new ArrayList<>();
      if (selection == null) {
        for (Type t : fileSchema.getFields()) {
          outNames.add(t.getName());
          reads.add(FieldPath.quote(t.getName()));
        }
      } else {
        outNames.addAll(selection);
        reads.addAll(selection);
      }
      // The filter's paths: a selected one is reused, others are read after the selection.
      List<SelectionPath> selected = reads.stream().map(SelectionPath::parse).toList();
      List<SelectionPath> filterPaths = filter.paths();
      int[] slots = new int[filterPaths.size()];
      for (int i = 0; i < slots.length; i++) {
        int at = selected.indexOf(filterPaths.get(i));
        if (at < 0) {
          at = reads.size();
          reads.add(filterPaths.get(i).text());
        }
        slots[i] = at;
      }
      java.util.Set<String> allNull = AllNullColumns.of(file.getRowGroups());
      ReadPlan readPlan = ReadPlan.create(fileSchema, reads, allNull::contains);
      MessageType requested = readPlan.requestedSchema();
      RowShape full = readPlan.shape();
      int n = outNames.size();
      RowShape out = new RowShape(outNames, Arrays.copyOf(full.leafTypes, n),
          Arrays.copyOf(full.variant, n));
      out.strictCasts = strictCasts;
      RecordMaterializer<DendriteRow> materializer =
          new DendriteReadSupport(reads, strictCasts, allNull).prepareForRead(
              new PlainParquetConfiguration(), Map.of(), fileSchema,
              new ReadSupport.ReadContext(requested));
      file.setRequestedSchema(requested);
      FilterPlan plan = FilterPlanner.plan(file, filter, requested);
      return new FilteredRows(name, file, requested, plan, filter.evaluator(), materializer,
          out, n, slots);
    } catch (NoClassDefFoundError e) {
      close(file, e);
      // parquet-java 1.16.0 (Spark 4.1's) lacks the public RowRanges the plan is made of.
      throw new UnsupportedOperationException(name + ": filters need parquet-java's public"
          + " RowRanges, which this classpath's parquet-java " + org.apache.parquet.Version
          .VERSION_NUMBER + " lacks; read without where() and test rows yourself", e);
    } catch (IOException | RuntimeException e) {
      close(file, e);
      throw DendriteReadException.of(name, -1, 0, e);
    }
  }

  private static void close(ParquetFileReader file, Throwable failure) {
    if (file != null) {
      try {
        file.close();
      } catch (IOException suppressed) {
        failure.addSuppressed(suppressed);
      }
    }
  }

  MessageType requestedSchema() {
    return requested;
  }

  /** The shape of the rows returned (the selection, without the filter's own paths). */
  RowShape shape() {
    return out;
  }

  ReadReport report() {
    return plan.report();
  }

  /** The next row that passes the filter, or null at the end. */
  DendriteRow next() {
    while (true) {
      if (remaining == 0 && !advance()) {
        return null;
      }
      long row = firstRows[rowGroup] + rowIndexes.nextLong() + 1;
      remaining--;
      try {
        DendriteRow r = records.read();
        values.row = r;
        if (evaluator.test(values)) {
          return project(r);
        }
      } catch (RuntimeException e) {
        throw DendriteReadException.of(name, rowGroup, row, e);
      }
    }
  }

  private boolean advance() {
    do {
      rowGroup++;
      if (rowGroup >= plan.rowGroups()) {
        return false;
      }
    } while (plan.skips(rowGroup));
    try {
      PageReadStore pages = plan.readsAll(rowGroup) ? file.readRowGroup(rowGroup)
          : file.readFilteredRowGroup(rowGroup, plan.rowRanges(rowGroup));
      records = io.getRecordReader(pages, materializer, FilterCompat.NOOP);
      remaining = pages.getRowCount();
      rowIndexes = plan.rowRanges(rowGroup).iterator();
      if (remaining != plan.rowRanges(rowGroup).rowCount()) {
        throw new IllegalStateException("row group " + rowGroup + " gave " + remaining
            + " rows for " + plan.rowRanges(rowGroup).rowCount() + " planned");
      }
      return true;
    } catch (IOException | RuntimeException e) {
      throw DendriteReadException.of(name, rowGroup, firstRows[rowGroup] + 1, e);
    }
  }

  private DendriteRow project(DendriteRow r) {
    if (outSize == r.size()) {
      return r;
    }
    Object[] kept = new Object[outSize];
    for (int i = 0; i < outSize; i++) {
      kept[i] = r.raw(i);
    }
    return new DendriteRow(out, kept);
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  /** A row's values at the filter's slots, as the evaluator reads them. */
  private static final class FilterSlots implements FilterValues {
    private final int[] slots;
    DendriteRow row;

    FilterSlots(int[] slots) {
      this.slots = slots;
    }

    @Override
    public boolean isMissing(int i) {
      return row.raw(slots[i]) == VariantRoot.MISSING;
    }

    @Override
    public Object get(int i) {
      Object v = row.raw(slots[i]);
      return v == VariantRoot.MISSING ? null : v;
    }

    @Override
    public VariantValue asVariant(int i) {
      return row.get(slots[i]) instanceof VariantValue v ? v : null;
    }
  }
}
