package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.engine.VariantAssemblyException;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.Selection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java {@link ReadSupport} producing {@link DendriteRow}s, usable with
 * {@code ParquetReader} and Hadoop's {@code ParquetInputFormat}. The plan is made per file from
 * that file's schema, so files of one dataset with different shredding all read correctly; it
 * is the plan {@link DendriteReader} reads, run on each record parquet-java assembles, so both
 * give the same rows.
 *
 * <p>Configuration keys (when not given to the constructor):
 * <ul>
 *   <li>{@value #SELECT}: comma-separated paths to select (back-quote names holding commas);
 *       absent or empty reads every column;</li>
 *   <li>{@value #STRICT_CASTS}: {@code true} to make failed typed-getter casts throw.</li>
 * </ul>
 *
 * <p>Used with {@code ParquetReader} directly, turn on page checksum verification
 * ({@code usePageChecksumVerification()}, or {@code parquet.page.verify-checksum.enabled}) so a
 * damaged page fails instead of decoding to wrong values; {@link DendriteReader} and
 * {@code DendriteInputFormat} do. Invalid variants fail with a
 * {@link VariantAssemblyException} naming the path inside the variant.
 */
public final class DendriteReadSupport extends ReadSupport<DendriteRow> {
  /** Comma-separated selected paths. */
  public static final String SELECT = "dendrite.read.select";
  /** Whether failed casts in typed getters throw (default false: they give null). */
  public static final String STRICT_CASTS = "dendrite.read.strict-casts";
  /**
   * A Java record class whose paths {@code DendriteInputFormat} selects (when {@value #SELECT}
   * is absent) and whose records its rows are built as, by generated code ({@code row.as}
   * then returns them); this read support ignores it.
   */
  public static final String RECORD = "dendrite.read.record";

  /** The constructor's selection, parsed once; null: from the configuration. */
  private final List<Selection> selection;
  private final Boolean strictCasts;
  private final Set<String> allNullColumns;
  /** The plan init() made, for prepareForRead() of the same file. */
  private ReadPlan planned;
  private MessageType plannedFile;
  private String plannedSelect;
  private boolean plannedStrict;

  /** Takes the selection from the configuration ({@value #SELECT}). */
  public DendriteReadSupport() {
    this(null, null);
  }

  /** Selects {@code paths} (null: every column). */
  public DendriteReadSupport(List<String> paths, Boolean strictCasts) {
    this(paths, strictCasts, Set.of());
  }

  /**
   * Also told which leaf columns (dotted paths) are all-null in the row groups to be read, from
   * footer statistics, so typed leaves can skip their empty {@code value} column and metadata.
   */
  DendriteReadSupport(List<String> paths, Boolean strictCasts, Set<String> allNullColumns) {
    this.selection = paths == null ? null : Selection.parse(paths);
    this.strictCasts = strictCasts;
    this.allNullColumns = allNullColumns;
  }

  @Override
  public ReadContext init(InitContext context) {
    ParquetConfiguration conf = context.getParquetConfiguration();
    return new ReadContext(plan(context.getFileSchema(), conf.get(SELECT),
        conf.getBoolean(STRICT_CASTS, false)).requestedSchema());
  }

  @Override
  public RecordMaterializer<DendriteRow> prepareForRead(
      org.apache.hadoop.conf.Configuration configuration, Map<String, String> keyValueMetaData,
      MessageType fileSchema, ReadContext readContext) {
    return new EngineMaterializer(ColumnarPlan.compile(plan(fileSchema,
        configuration.get(SELECT), configuration.getBoolean(STRICT_CASTS, false))));
  }

  @Override
  public RecordMaterializer<DendriteRow> prepareForRead(ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData, MessageType fileSchema, ReadContext readContext) {
    return new EngineMaterializer(ColumnarPlan.compile(plan(fileSchema,
        configuration.get(SELECT), configuration.getBoolean(STRICT_CASTS, false))));
  }

  /** The plan of one file: made by init(), reused by prepareForRead() of the same file. */
  private ReadPlan plan(MessageType fileSchema, String configured, boolean configuredStrict) {
    boolean strict = strictCasts != null ? strictCasts : configuredStrict;
    if (planned == null || !plannedFile.equals(fileSchema) || plannedStrict != strict
        || (selection == null && !java.util.Objects.equals(plannedSelect, configured))) {
      planned = ReadPlan.create(fileSchema,
          selection != null ? selection : configuredSelection(configured),
          allNullColumns::contains, strict);
      plannedFile = fileSchema;
      plannedSelect = configured;
      plannedStrict = strict;
    }
    return planned;
  }

  /** The paths of a {@value #SELECT} setting, parsed; null (every column) when absent or blank. */
  static List<Selection> configuredSelection(String configured) {
    return configured == null || configured.isBlank() ? null
        : Selection.of(SelectionPath.parseList(configured));
  }

}
