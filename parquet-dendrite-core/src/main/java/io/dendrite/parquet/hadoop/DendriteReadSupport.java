package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.engine.VariantAssemblyException;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.GroupConverter;
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

  private final List<String> selection;
  private final Boolean strictCasts;
  private final Set<String> allNullColumns;

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
    this.selection = paths == null ? null : List.copyOf(paths);
    this.strictCasts = strictCasts;
    this.allNullColumns = allNullColumns;
  }

  @Override
  public ReadContext init(InitContext context) {
    ReadPlan plan = ReadPlan.create(context.getFileSchema(),
        selection(context.getParquetConfiguration().get(SELECT)), allNullColumns::contains);
    return new ReadContext(plan.requestedSchema());
  }

  @Override
  public RecordMaterializer<DendriteRow> prepareForRead(
      org.apache.hadoop.conf.Configuration configuration, Map<String, String> keyValueMetaData,
      MessageType fileSchema, ReadContext readContext) {
    return materializer(fileSchema, configuration.get(SELECT),
        configuration.getBoolean(STRICT_CASTS, false));
  }

  @Override
  public RecordMaterializer<DendriteRow> prepareForRead(ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData, MessageType fileSchema, ReadContext readContext) {
    return materializer(fileSchema, configuration.get(SELECT),
        configuration.getBoolean(STRICT_CASTS, false));
  }

  private RecordMaterializer<DendriteRow> materializer(MessageType fileSchema, String configured,
      boolean configuredStrict) {
    ReadPlan plan = ReadPlan.create(fileSchema, selection(configured), allNullColumns::contains);
    plan.shape().strictCasts = strictCasts != null ? strictCasts : configuredStrict;
    return new EngineMaterializer(ColumnarPlan.compile(plan));
  }

  private List<String> selection(String configured) {
    return selection != null ? selection : configuredPaths(configured);
  }

  /** The paths of a {@value #SELECT} setting; null (every column) when absent or blank. */
  static List<String> configuredPaths(String configured) {
    return configured == null || configured.isBlank() ? null : splitPaths(configured);
  }

  /** Splits on commas outside back-quotes. */
  public static List<String> splitPaths(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '`') {
        quoted = !quoted;
      }
      if (c == ',' && !quoted) {
        out.add(cur.toString().trim());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    out.add(cur.toString().trim());
    out.removeIf(String::isEmpty);
    return out;
  }
}
