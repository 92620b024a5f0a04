package io.dendrite.parquet.shred;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Chooses a shredding schema for one VARIANT column from a sample of its values.
 *
 * <p>Rules (each differs from Spark's on purpose, see DESIGN.md §3.4):
 * <ul>
 *   <li>At every path the <em>dominant</em> type family is shredded and the minority stays in
 *       the residual {@code value}: a column where most rows are objects is shredded as an
 *       object even if some rows are strings, and a field that is mostly int is shredded as int
 *       even if a few rows hold strings.</li>
 *   <li>The typed_value chosen is the one that holds the most sampled values under the
 *       writer's rule that a value goes to {@code typed_value} only if it reads back as the same
 *       value with the same JSON text (see {@code PrimitiveShredder}). So integers and decimals
 *       are separate families: integers widen to the smallest of int8..int64 that covers every
 *       sampled integer; decimals get one decimal of their most frequent scale (the smallest of
 *       equally frequent scales), whose precision covers every sampled decimal of that scale,
 *       rounded up to 9, 18 or 38 so that later, slightly larger values still fit. Decimals of
 *       other scales, and integers next to dominant decimals, stay in {@code value} with their
 *       own text. Float and double are not mixed.</li>
 *   <li>With {@link InferenceOptions#widenExactNumerics()} (Spark's rule), integers and decimals
 *       count as one family and get one decimal whose scale is the largest seen and whose
 *       precision covers every integer part (rounded up as above, at most 38): every exact
 *       numeric is typed, but {@code 5} then reads back as {@code 5.00}.</li>
 *   <li>Arrays whose elements share a dominant family are shredded element-wise.</li>
 *   <li>Object fields present in fewer than {@link InferenceOptions#minFieldFrequency()} of the
 *       objects at their path stay in {@code value}; at most {@link InferenceOptions#maxLeaves()}
 *       leaves are shredded, the most frequent first; nesting deeper than
 *       {@link InferenceOptions#maxDepth()} stays in {@code value}.</li>
 * </ul>
 * Objects with no field worth shredding, all-null paths and arrays of unshreddable elements are
 * left unshredded (returned as null).
 */
public final class ShreddingInference {
  private final InferenceOptions options;
  private final PathStats root = new PathStats();
  private long rows;

  public ShreddingInference(InferenceOptions options) {
    this.options = options;
  }

  /** Infers from a whole sample at once. */
  public static ShreddedType infer(Iterable<EncodedVariant> sample, InferenceOptions options) {
    ShreddingInference inference = new ShreddingInference(options);
    for (EncodedVariant v : sample) {
      inference.add(v);
    }
    return inference.infer();
  }

  /** Adds one non-null variant to the sample. */
  public void add(EncodedVariant variant) {
    add(VariantMetadata.parse(variant.metadata()), variant.value(), 0);
  }

  /** Adds the value at {@code v[pos]}, whose dictionary is {@code metadata}. */
  public void add(VariantMetadata metadata, byte[] v, int pos) {
    rows++;
    root.observe(metadata, v, pos, 0, options.maxDepth());
  }

  /** Rows added so far. */
  public long rows() {
    return rows;
  }

  /** The inferred schema, or null when nothing is worth shredding. */
  public ShreddedType infer() {
    if (rows == 0) {
      return null;
    }
    Candidate tree = decide(root, 0, 1.0);
    if (tree == null) {
      return null;
    }
    List<Candidate> leaves = new ArrayList<>();
    tree.collectLeaves(leaves);
    if (leaves.size() > options.maxLeaves()) {
      // Stable sort: equally frequent leaves keep their schema order.
      leaves.sort(Comparator.comparingDouble((Candidate c) -> -c.frequency));
      for (int i = options.maxLeaves(); i < leaves.size(); i++) {
        leaves.get(i).dropped = true;
      }
    }
    return tree.build();
  }

  private Candidate decide(PathStats stats, int depth, double frequency) {
    TypeFamily dominant = stats.dominant(options.widenExactNumerics());
    if (dominant == null) {
      return null;
    }
    switch (dominant) {
      case OBJECT: {
        if (stats.fields == null) {
          return null;
        }
        long objects = stats.count(TypeFamily.OBJECT);
        // Sorted by name so the schema does not depend on the order rows arrived in.
        Map<String, PathStats> sorted = new TreeMap<>(stats.fields);
        Map<String, Candidate> fields = new LinkedHashMap<>();
        for (Map.Entry<String, PathStats> e : sorted.entrySet()) {
          PathStats f = e.getValue();
          double share = (double) f.present / objects;
          if (f.present == 0 || share < options.minFieldFrequency()) {
            continue;
          }
          Candidate child = decide(f, depth + 1, frequency * share);
          if (child != null) {
            fields.put(e.getKey(), child);
          }
        }
        return fields.isEmpty() ? null : Candidate.object(fields, frequency);
      }
      case ARRAY: {
        if (!options.shredArrays() || stats.element == null) {
          return null;
        }
        Candidate element = decide(stats.element, depth + 1, frequency);
        return element == null ? null : Candidate.array(element, frequency);
      }
      case INTEGER:
        return Candidate.leaf(integer(stats), frequency);
      case DECIMAL:
        return Candidate.leaf(options.widenExactNumerics() ? widenedDecimal(stats)
            : decimal(stats), frequency);
      default:
        return Candidate.leaf(primitive(dominant), frequency);
    }
  }

  private static ShreddedType integer(PathStats stats) {
    switch (stats.intBytes) {
      case 1: return ShreddedType.int8();
      case 2: return ShreddedType.int16();
      case 4: return ShreddedType.int32();
      default: return ShreddedType.int64();
    }
  }

  /** The dominant scale, with room for every sampled decimal of that scale. */
  private static ShreddedType decimal(PathStats stats) {
    int scale = stats.dominantScale();
    // A decimal's precision is at least its scale (0.05 is decimal(2,2) in Parquet's terms).
    return ShreddedType.decimal(roundedPrecision(Math.max(stats.digitsByScale[scale], scale)),
        scale);
  }

  /** Spark's rule: the largest scale, and room for the widest integer part. */
  private static ShreddedType widenedDecimal(PathStats stats) {
    int scale = stats.maxScale();
    int needed = stats.integerDigits + scale;
    // No decimal may hold both the largest integer part and the finest scale: keep the scale
    // and let values that overflow fall back to the residual value.
    int precision = roundedPrecision(needed);
    return ShreddedType.decimal(precision, Math.min(scale, precision));
  }

  /** 9, 18 or 38: the largest precision of the smallest decimal kind that holds {@code digits}. */
  private static int roundedPrecision(int digits) {
    return digits <= 9 ? 9 : digits <= 18 ? 18 : 38;
  }

  private static ShreddedType primitive(TypeFamily family) {
    if (family.type == null || !family.type.isPrimitive()) {
      throw new IllegalArgumentException("not a primitive family: " + family);
    }
    return ShreddedPrimitive.of(family.type);
  }

  /** A node of the inferred tree before the leaf budget is applied. */
  private static final class Candidate {
    final ShreddedType leaf;
    final Map<String, Candidate> fields;
    final Candidate element;
    final double frequency;
    boolean dropped;

    private Candidate(ShreddedType leaf, Map<String, Candidate> fields, Candidate element,
        double frequency) {
      this.leaf = leaf;
      this.fields = fields;
      this.element = element;
      this.frequency = frequency;
    }

    static Candidate leaf(ShreddedType type, double frequency) {
      return new Candidate(type, null, null, frequency);
    }

    static Candidate object(Map<String, Candidate> fields, double frequency) {
      return new Candidate(null, fields, null, frequency);
    }

    static Candidate array(Candidate element, double frequency) {
      return new Candidate(null, null, element, frequency);
    }

    void collectLeaves(List<Candidate> out) {
      if (leaf != null) {
        out.add(this);
      } else if (fields != null) {
        for (Candidate c : fields.values()) {
          c.collectLeaves(out);
        }
      } else {
        element.collectLeaves(out);
      }
    }

    ShreddedType build() {
      if (leaf != null) {
        return dropped ? null : leaf;
      }
      if (element != null) {
        ShreddedType e = element.build();
        return e == null ? null : ShreddedType.array(e);
      }
      Map<String, ShreddedType> kept = new LinkedHashMap<>();
      for (Map.Entry<String, Candidate> e : fields.entrySet()) {
        ShreddedType t = e.getValue().build();
        if (t != null) {
          kept.put(e.getKey(), t);
        }
      }
      return kept.isEmpty() ? null : ShreddedType.object(kept);
    }
  }

  /**
   * Knobs of shredding-schema inference. Defaults:
   * <ul>
   *   <li>{@code sampleRows} 4096 and {@code sampleBytes} 64 MiB: the writer buffers rows until
   *       either is reached, infers from them, then streams the rest;</li>
   *   <li>{@code minFieldFrequency} 0.10: an object field is shredded when present in at least 10%
   *       of the objects seen at its path (for top-level fields: of the rows that are objects);</li>
   *   <li>{@code maxLeaves} 300: at most this many shredded leaf columns per VARIANT column, the
   *       most frequent kept;</li>
   *   <li>{@code maxDepth} 50: object/array nesting below this depth stays in {@code value};</li>
   *   <li>{@code shredArrays} true: arrays whose elements share a type family are shredded
   *       element-wise;</li>
   *   <li>{@code widenExactNumerics} false: each path gets a typed_value that its values read
   *       back from with the same JSON text (integers an integer type, decimals one decimal of
   *       their most frequent scale). True is Spark's rule: integers and decimals of every scale
   *       share one decimal of the largest scale, compared by value, so {@code 5} reads back as
   *       {@code 5.00}. A writer that infers with this option also puts values into
   *       {@code typed_value} by value (see {@code DendriteWriter.Builder#widenExactNumerics}).</li>
   * </ul>
   */
  public record InferenceOptions(int sampleRows, long sampleBytes, double minFieldFrequency,
      int maxLeaves, int maxDepth, boolean shredArrays, boolean widenExactNumerics) {

    public static final InferenceOptions DEFAULTS =
        new InferenceOptions(4096, 64L << 20, 0.10, 300, 50, true, false);

    public InferenceOptions {
      if (sampleRows < 1) {
        throw new IllegalArgumentException("sampleRows must be at least 1, got " + sampleRows);
      }
      if (sampleBytes < 1) {
        throw new IllegalArgumentException("sampleBytes must be at least 1, got " + sampleBytes);
      }
      if (!(minFieldFrequency >= 0 && minFieldFrequency <= 1)) {
        throw new IllegalArgumentException(
            "minFieldFrequency must be within [0, 1], got " + minFieldFrequency);
      }
      if (maxLeaves < 1) {
        throw new IllegalArgumentException("maxLeaves must be at least 1, got " + maxLeaves);
      }
      if (maxDepth < 1) {
        throw new IllegalArgumentException("maxDepth must be at least 1, got " + maxDepth);
      }
    }

    public InferenceOptions withSampleRows(int rows) {
      return new InferenceOptions(rows, sampleBytes, minFieldFrequency, maxLeaves, maxDepth,
          shredArrays, widenExactNumerics);
    }

    public InferenceOptions withSampleBytes(long bytes) {
      return new InferenceOptions(sampleRows, bytes, minFieldFrequency, maxLeaves, maxDepth,
          shredArrays, widenExactNumerics);
    }

    public InferenceOptions withMinFieldFrequency(double frequency) {
      return new InferenceOptions(sampleRows, sampleBytes, frequency, maxLeaves, maxDepth,
          shredArrays, widenExactNumerics);
    }

    public InferenceOptions withMaxLeaves(int leaves) {
      return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, leaves, maxDepth,
          shredArrays, widenExactNumerics);
    }

    public InferenceOptions withMaxDepth(int depth) {
      return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, maxLeaves, depth,
          shredArrays, widenExactNumerics);
    }

    public InferenceOptions withShredArrays(boolean shred) {
      return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, maxLeaves, maxDepth,
          shred, widenExactNumerics);
    }

    /** Spark-style numerics (see the class description); off by default. */
    public InferenceOptions withWidenExactNumerics(boolean widen) {
      return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, maxLeaves, maxDepth,
          shredArrays, widen);
    }
  }
}
