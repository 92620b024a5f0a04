package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.engine.LeafCursor;
import io.dendrite.parquet.read.internal.engine.RecordAssembly;
import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.read.internal.engine.VariantRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apache.parquet.schema.MessageType;

/**
 * Generated record assemblers, one class per (record type, file layout) and cached with the
 * record type: the files of a dataset that share a layout compile once (up to
 * {@value #MAX_LAYOUTS} layouts per type). Classes are hidden classes of this package, so
 * they unload with the record type's class loader.
 *
 * <p>System properties (read once):
 * <ul>
 *   <li>{@value #INTERPRET}{@code =true}: never generate; every read takes the interpreted
 *       path (rows, then a record mapping), to compare or to work around a fault;
 *   <li>{@value #DUMP}{@code =DIR}: write each generated class to {@code DIR} as
 *       {@code <Record>-<n>.class} (read it with {@code javap -c -p}) beside
 *       {@code <Record>-<n>.txt}, the layout it was made for and the plan's tree.
 * </ul>
 */
public final class RecordAssemblers {
  /** Forces the interpreted path. */
  public static final String INTERPRET = "dendrite.records.interpret";
  /** Dumps generated classes to a directory. */
  public static final String DUMP = "dendrite.records.dump";

  private static final boolean INTERPRETED = Boolean.getBoolean(INTERPRET);
  private static final String DUMP_DIR = System.getProperty(DUMP);

  /**
   * Layouts kept per record type: files whose shredding differs may each have another; past
   * this many, a read's classes are its own, unloaded after it.
   */
  private static final int MAX_LAYOUTS = 64;

  /** Per record type: by layout (the requested schema's text), the compiled factory. */
  private static final ClassValue<Map<String, Factory>> CACHE = new ClassValue<>() {
    @Override
    protected Map<String, Factory> computeValue(Class<?> type) {
      return new ConcurrentHashMap<>();
    }
  };
  /** The cache's entry for a layout generation does not cover. */
  private static final Factory UNSUPPORTED = new Factory(null, null);

  private RecordAssemblers() {}

  /** A plan's generated class: its constructor and the cursors each node skips together. */
  private record Compiled(AssemblyPlan plan, MethodHandle constructor, List<int[]> skips) {
    RecordAssembler create() {
      int n = plan.cursorLeaves.length;
      LeafCursor[] cursors = new LeafCursor[n];
      for (int i = 0; i < n; i++) {
        cursors[i] = new LeafCursor(plan.cursorLeaves[i], plan.cursorDefs[i]);
      }
      LeafObjects[] objects = new LeafObjects[plan.objectColumns.length];
      for (int i = 0; i < objects.length; i++) {
        objects[i] = new LeafObjects(plan.objectColumns[i]);
      }
      @SuppressWarnings("unchecked")
      Function<Object, Object>[] conversions = plan.conversions.toArray(new Function[0]);
      LeafCursor[][] skipped = new LeafCursor[skips.size()][];
      for (int i = 0; i < skipped.length; i++) {
        int[] at = skips.get(i);
        skipped[i] = new LeafCursor[at.length];
        for (int j = 0; j < at.length; j++) {
          skipped[i][j] = cursors[at[j]];
        }
      }
      VariantRows[] variants = plan.variantColumns.stream().map(VariantRows::new)
          .toArray(VariantRows[]::new);
      try {
        return (RecordAssembler) constructor.invoke(cursors, objects, conversions, skipped,
            plan.slotReaders.toArray(new RecordMapping.SlotReader[0]), variants, plan.slots,
            plan.depth, plan.root.type().getSimpleName());
      } catch (Throwable e) {
        throw new IllegalStateException("cannot create the assembler of "
            + plan.root.type().getName(), e);
      }
    }
  }

  /**
   * Makes assemblers of one record type for one layout, a fresh one per read (they hold
   * cursors and caches).
   */
  public static final class Factory {
    private final Compiled compiled;
    /** The assembly from the leaves alone where the layout has VARIANT columns, or null. */
    private final Compiled leaves;
    /** Batches assembled by {@link #leaves}, and by the vectors' assembler in its stead. */
    final LongAdder fromLeaves = new LongAdder();
    final LongAdder fromVectors = new LongAdder();

    private Factory(Compiled compiled, Compiled leaves) {
      this.compiled = compiled;
      this.leaves = leaves;
    }

    /** How many leaf columns the records read themselves (the rest: {@link #slots()}). */
    public int leafColumns() {
      return compiled.plan.cursorLeaves.length;
    }

    /** The selections whose vectors the records read. */
    public int[] slots() {
      return compiled.plan.slots.clone();
    }

    /** An assembler for one read. */
    public RecordAssembly create() {
      RecordAssembler assembler = compiled.create();
      return leaves == null ? assembler
          : new LeavesFirst(leaves.create(), leaves.plan.residualLeaves, assembler, this);
    }

    /**
     * Whether VARIANT columns are read from their shredded leaves where a batch allows
     * ({@link AssemblyPlan#ofLeaves}), for tests and diagnostics.
     */
    public boolean readsVariantLeaves() {
      return leaves != null;
    }

    /**
     * How many batches of this layout were assembled from VARIANT columns' leaves, and how many
     * from path readers' vectors instead (a residual object or array, or a row that failed),
     * since the factory was made: for tests and diagnostics.
     */
    public long[] variantBatches() {
      return new long[] {fromLeaves.sum(), fromVectors.sum()};
    }
  }

  /**
   * The assemblers of {@code type} for reads of {@code requested} (leaves decoded in its
   * column order) with rows of {@code shape}, or null where the interpreted path reads them:
   * forced by {@value #INTERPRET}, or a type that is no record.
   *
   * @param vectorsOnly every component from its selection's vector (a filtered read, whose
   *     rows are tested and compacted as vectors first)
   */
  public static Factory forLayout(Class<?> type, MessageType requested, RowShape shape,
      boolean vectorsOnly) {
    if (INTERPRETED) {
      return null;
    }
    Map<String, Factory> byLayout = CACHE.get(type);
    String layout = (vectorsOnly ? "vectors " : "") + shape.names + "\n" + requested;
    Factory f = byLayout.get(layout);
    if (f == null) {
      f = compile(type, requested, shape, vectorsOnly);
      if (byLayout.size() < MAX_LAYOUTS) {
        f = Objects.requireNonNullElse(byLayout.putIfAbsent(layout, f), f);
      }
    }
    return f == UNSUPPORTED ? null : f;
  }

  private static Factory compile(Class<?> type, MessageType requested, RowShape shape,
      boolean vectorsOnly) {
    AssemblyPlan plan;
    try {
      plan = AssemblyPlan.of(type, requested, shape, vectorsOnly);
    } catch (AssemblyPlan.Unsupported e) {
      return UNSUPPORTED;
    }
    Compiled leaves = null;
    if (!vectorsOnly && plan.slots.length > 0) {
      try {
        AssemblyPlan fromLeaves = AssemblyPlan.ofLeaves(type, requested, shape);
        if (!fromLeaves.variantColumns.isEmpty()) {
          leaves = load(type, requested, fromLeaves, "-leaves");
        }
      } catch (AssemblyPlan.Unsupported e) {
        // every batch from the vectors
      }
    }
    return new Factory(load(type, requested, plan, ""), leaves);
  }

  private static Compiled load(Class<?> type, MessageType requested, AssemblyPlan plan,
      String suffix) {
    AssemblerGenerator generator = new AssemblerGenerator(plan);
    byte[] bytes = generator.generate();
    if (DUMP_DIR != null) {
      dump(type, requested, plan, bytes, suffix);
    }
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClassWithClassData(bytes,
          generator.handles.toArray(), true);
      MethodHandle ctor = lookup.findConstructor(lookup.lookupClass(),
          AssemblerGenerator.INIT_TYPE);
      return new Compiled(plan, ctor, generator.skips);
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("the generated assembler of " + type.getName()
          + " does not load (set -D" + DUMP + "=DIR to see it, -D" + INTERPRET
          + "=true to read without it)", e);
    }
  }

  private static void dump(Class<?> type, MessageType requested, AssemblyPlan plan,
      byte[] bytes, String suffix) {
    try {
      Path dir = Path.of(DUMP_DIR);
      Files.createDirectories(dir);
      String base = type.getSimpleName() + "-" + Integer.toHexString(
          (type.getName() + requested).hashCode()) + suffix;
      Files.write(dir.resolve(base + ".class"), bytes);
      Files.writeString(dir.resolve(base + ".txt"), type.getName() + "\n\nlayout:\n"
          + requested + "\nplan:\n" + plan.describe());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot dump a generated assembler to " + DUMP_DIR, e);
    }
  }
}
