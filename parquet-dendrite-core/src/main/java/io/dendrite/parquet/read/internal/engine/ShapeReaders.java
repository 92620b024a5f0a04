package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The {@link ValueReader}s of ordinary columns, one class per shape, with the Java types
 * {@link DendriteReader} documents: primitives, structs, lists, maps, whole variants; and the
 * steps of a selection through them ({@code list[N]}, {@code map.key}, a path inside a variant
 * below a struct, list or map), which assemble only the value the selection ends on.
 */
final class ShapeReaders {
  private ShapeReaders() {}

  /**
   * A required or optional primitive: its Java value where defined to the leaf, else null. The
   * primitive a selection ends on is read in place instead ({@link #inPlace}): no Java value,
   * just where it is, for the path reader to copy into its vector's typed arrays.
   */
  static final class Primitive extends ValueReader {
    /** What {@link #read} returns in place of a value: it is value {@link #at} of the leaf. */
    static final Object IN_PLACE = new Object();

    final LeafCursor leaf;
    final JavaValues values;
    final PrimitiveTypeName physical;
    private final ConvertedDictionary dictionary;
    private final boolean inPlace;
    /** The value index of the last value read in place. */
    int at;

    Primitive(LeafCursor leaf, int rep, JavaValues values, PrimitiveTypeName physical,
        boolean inPlace) {
      super(new LeafCursor[] {leaf}, rep);
      this.leaf = leaf;
      this.values = values;
      this.physical = physical;
      this.dictionary = new ConvertedDictionary(values);
      this.inPlace = inPlace;
    }

    @Override
    Object read() {
      LeafCursor c = leaf;
      if (!c.hasValue()) {
        c.entry++;
        return null;
      }
      LeafBatch b = c.batch;
      int vi = c.value++;
      c.entry++;
      if (inPlace) {
        at = vi;
        return IN_PLACE;
      }
      return b.dictionary != null ? dictionary.get(b.dictionary, b.ids[vi])
          : values.ofValue(b, vi, physical);
    }
  }

  /**
   * A struct as a map of field name to value in schema order; fields that are null are left
   * out: a map of the non-null fields, as {@link DendriteReader} documents ({@link StructValue}).
   */
  static final class Struct extends ValueReader {
    private final int def;
    private final String[] names;
    private final ValueReader[] fields;

    Struct(int def, int rep, String[] names, ValueReader[] fields) {
      super(cursorsOf(fields), rep);
      this.def = def;
      this.names = names;
      this.fields = fields;
    }

    @Override
    Object read() {
      if (first().def() < def) {
        skip();
        return null;
      }
      Object[] values = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        values[i] = fields[i].read();
      }
      return new StructValue(names, values);
    }
  }

  /**
   * A list (3-level, or a legacy form: LogicalTypes.md's backward-compatibility rules): null
   * below {@code def}, empty below {@code elementsDef}, else elements while the repetition
   * level says the list goes on. Null elements are kept as null.
   */
  static final class ListOf extends ValueReader {
    private final int def;
    private final int elementsDef;
    private final ValueReader element;

    ListOf(int def, int elementsDef, int rep, ValueReader element) {
      super(element.cursors, rep);
      this.def = def;
      this.elementsDef = elementsDef;
      this.element = element;
    }

    @Override
    Object read() {
      LeafCursor f = first();
      int d = f.def();
      if (d < elementsDef) {
        skip();
        return d < def ? null : new ArrayList<>(0);
      }
      List<Object> out = new ArrayList<>();
      int elementRep = element.rep;
      do {
        out.add(element.read());
      } while (f.rep() == elementRep);
      return out;
    }
  }

  /** A map of key_value entries, in file order (a repeated key keeps its last value). */
  static final class MapOf extends ValueReader {
    private final int def;
    private final int entriesDef;
    private final ValueReader key;
    private final ValueReader value;

    MapOf(int def, int entriesDef, int rep, ValueReader key, ValueReader value) {
      super(cursorsOf(key, value), rep);
      this.def = def;
      this.entriesDef = entriesDef;
      this.key = key;
      this.value = value;
    }

    @Override
    Object read() {
      LeafCursor f = first();
      int d = f.def();
      if (d < entriesDef) {
        skip();
        return d < def ? null : new LinkedHashMap<>(0);
      }
      Map<Object, Object> out = new LinkedHashMap<>();
      int entryRep = key.rep;
      do {
        Object k = key.read();
        out.put(k, value.read());
      } while (f.rep() == entryRep);
      return out;
    }
  }

  /** A VARIANT group (metadata, value and typed_value) read whole, wherever it is. */
  static final class Variant extends ValueReader {
    private final int def;
    private final LeafCursor metadata;
    private final MetadataColumn metadataColumn;
    private final VariantContext context;
    private final PairReader pair;

    Variant(int def, int rep, LeafCursor metadata, MetadataColumn metadataColumn,
        VariantContext context, PairReader pair) {
      super(withFirst(metadata, pair.cursors), rep);
      this.def = def;
      this.metadata = metadata;
      this.metadataColumn = metadataColumn;
      this.context = context;
      this.pair = pair;
    }

    private static LeafCursor[] withFirst(LeafCursor first, LeafCursor[] rest) {
      LeafCursor[] out = new LeafCursor[rest.length + 1];
      out[0] = first;
      System.arraycopy(rest, 0, out, 1, rest.length);
      return out;
    }

    @Override
    Object read() {
      LeafCursor m = metadata;
      if (m.def() < def) {
        skip();
        return null;
      }
      context.use(metadataColumn.at(m.batch, m.value));
      m.next();
      return pair.readVariant(context);
    }
  }

  /** Element {@code index} of a list; null when the list is null or shorter. */
  static final class ElementAt extends ValueReader {
    private final int elementsDef;
    private final int index;
    private final ValueReader element;

    ElementAt(int elementsDef, int rep, int index, ValueReader element) {
      super(element.cursors, rep);
      this.elementsDef = elementsDef;
      this.index = index;
      this.element = element;
    }

    @Override
    Object read() {
      LeafCursor f = first();
      if (f.def() < elementsDef) {
        skip();
        return null;
      }
      Object out = null;
      int elementRep = element.rep;
      int i = 0;
      do {
        if (i++ == index) {
          out = element.read();
        } else {
          element.skip();
        }
      } while (f.rep() == elementRep);
      return out;
    }
  }

  /**
   * The value of the entries of a map whose key reads as {@code name} (the last one, as in the
   * map read whole); null when there is none. String keys are compared as UTF-8 bytes, other
   * keys by their text ({@code m.3} finds the int key 3).
   */
  static final class ValueAtKey extends ValueReader {
    private final int entriesDef;
    private final Primitive key;
    private final boolean stringKey;
    private final String name;
    private final byte[] utf8;
    private final ValueReader value;

    ValueAtKey(int entriesDef, int rep, Primitive key, boolean stringKey, String name,
        ValueReader value) {
      super(cursorsOf(key, value), rep);
      this.entriesDef = entriesDef;
      this.key = key;
      this.stringKey = stringKey && isCanonical(name);
      this.name = name;
      this.utf8 = name.getBytes(StandardCharsets.UTF_8);
      this.value = value;
    }

    /** A name that decoding UTF-8 gives only from its own encoding (no U+FFFD, surrogates). */
    private static boolean isCanonical(String name) {
      return name.indexOf('\uFFFD') < 0
          && name.chars().noneMatch(ch -> Character.isSurrogate((char) ch));
    }

    @Override
    Object read() {
      LeafCursor f = first();
      if (f.def() < entriesDef) {
        skip();
        return null;
      }
      Object out = null;
      int entryRep = key.rep;
      do {
        if (matches()) {
          out = value.read();
        } else {
          value.skip();
        }
      } while (f.rep() == entryRep);
      return out;
    }

    /** Whether the key at the cursor reads as the name; moves past it. */
    private boolean matches() {
      if (!stringKey) {
        return name.equals(String.valueOf(key.read()));
      }
      LeafCursor c = key.first();
      LeafBatch b = c.batch;
      int vi = c.value;
      c.next();
      byte[] array = BinaryValues.array(b);
      int start = BinaryValues.start(b, vi);
      return Arrays.equals(array, start, BinaryValues.end(b, vi), utf8, 0, utf8.length);
    }
  }

  /** A path inside a variant reached through structs, lists or maps, read whole then walked. */
  static final class InVariant extends ValueReader {
    private final ValueReader variant;
    private final List<Segment> segments;

    InVariant(ValueReader variant, List<Segment> segments) {
      super(variant.cursors, variant.rep);
      this.variant = variant;
      this.segments = List.copyOf(segments);
    }

    @Override
    Object read() {
      Object v = variant.read();
      return v == null ? null : VariantRoot.walk((VariantValue) v, segments);
    }
  }

  /** A selection that no value can satisfy (an index into a map): null, reading nothing. */
  static final class NoValue extends ValueReader {
    NoValue() {
      super(new LeafCursor[0], 0);
    }

    @Override
    Object read() {
      return null;
    }
  }
}
