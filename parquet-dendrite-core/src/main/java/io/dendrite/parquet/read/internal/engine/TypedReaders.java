package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The {@code typed_value} of a {@link PairReader}, one class per shredded shape (primitive,
 * object, array), written into the variant being reassembled with {@link Reconstruction}'s
 * rules.
 */
final class TypedReaders {
  private TypedReaders() {}

  /** A {@code typed_value} column or group. */
  abstract static class TypedReader {
    final LeafCursor[] cursors;
    /** Definition level at which the typed value is set. */
    private final int def;
    private final int rep;

    TypedReader(LeafCursor[] cursors, int def, int rep) {
      this.cursors = cursors;
      this.def = def;
      this.rep = rep;
    }

    /** Whether the typed value at the cursors is set. */
    final boolean isPresent() {
      return cursors[0].def() >= def;
    }

    /** Only an object may be set beside a residual value (then they merge). */
    boolean isObject() {
      return false;
    }

    /**
     * Writes the typed value at the cursors (set) and moves past it; {@code residual} is the
     * pair's validated residual at {@code pos}, or null.
     */
    abstract void write(VariantContext ctx, byte[] residual, int pos);

    final void skip() {
      for (LeafCursor c : cursors) {
        c.skip(rep);
      }
    }
  }

  /**
   * A shredded primitive: the Parquet value becomes the variant primitive of its shredded type
   * (dictionary entries are read in place, not converted).
   */
  static final class Primitive extends TypedReader {
    private final LeafCursor leaf;
    private final ShreddedPrimitive type;
    private final PrimitiveTypeName physical;
    private final String path;

    Primitive(LeafCursor leaf, int rep, ShreddedPrimitive type, PrimitiveTypeName physical,
        String path) {
      super(new LeafCursor[] {leaf}, leaf.maxDef, rep);
      this.leaf = leaf;
      this.type = type;
      this.physical = physical;
      this.path = path;
    }

    @Override
    void write(VariantContext ctx, byte[] residual, int pos) {
      LeafCursor c = leaf;
      LeafBatch b = c.batch;
      int vi = c.value;
      VariantEncoder e = ctx.encoder;
      ColumnDictionary d = b.dictionary;
      int id = d == null ? -1 : b.ids[vi];
      switch (physical) {
        case BOOLEAN:
          e.writeBoolean(b.booleans[vi]);
          break;
        case INT32:
          Reconstruction.writeInt(e, type, d == null ? b.ints[vi] : d.ints[id], path);
          break;
        case INT64:
          Reconstruction.writeLong(e, type, d == null ? b.longs[vi] : d.longs[id], path);
          break;
        case FLOAT:
          e.writeFloat(d == null ? b.floats[vi] : d.floats[id]);
          break;
        case DOUBLE:
          e.writeDouble(d == null ? b.doubles[vi] : d.doubles[id]);
          break;
        default: {
          int start = BinaryValues.start(b, vi);
          Reconstruction.writeBinary(e, type, BinaryValues.array(b), start,
              BinaryValues.end(b, vi) - start, path);
          break;
        }
      }
      c.next();
    }
  }

  /**
   * A shredded object: its fields' pairs in order (a missing field writes nothing), then the
   * residual object's fields merged in.
   */
  static final class ObjectOf extends TypedReader {
    private final PairReader[] fields;
    private final ShreddedFieldNames names;
    private final String path;

    ObjectOf(LeafCursor[] cursors, int def, int rep, PairReader[] fields,
        ShreddedFieldNames names, String path) {
      super(cursors, def, rep);
      this.fields = fields;
      this.names = names;
      this.path = path;
    }

    @Override
    boolean isObject() {
      return true;
    }

    @Override
    void write(VariantContext ctx, byte[] residual, int pos) {
      VariantEncoder e = ctx.encoder;
      e.startObject();
      for (PairReader f : fields) {
        f.write(ctx);
      }
      if (residual != null) {
        Reconstruction.mergeResidual(e, ctx.metadata, residual, pos, names, path);
      }
      e.endObject();
    }
  }

  /** A shredded array: a 3-level LIST of element pairs (a missing element reads as null). */
  static final class ArrayOf extends TypedReader {
    private final int elementsDef;
    private final PairReader element;
    private final int elementRep;

    ArrayOf(int def, int rep, int elementsDef, int elementRep, PairReader element) {
      super(element.cursors, def, rep);
      this.elementsDef = elementsDef;
      this.element = element;
      this.elementRep = elementRep;
    }

    @Override
    void write(VariantContext ctx, byte[] residual, int pos) {
      VariantEncoder e = ctx.encoder;
      e.startArray();
      LeafCursor f = cursors[0];
      if (f.def() < elementsDef) {
        skip();
      } else {
        do {
          element.write(ctx);
        } while (f.rep() == elementRep);
      }
      e.endArray();
    }
  }
}
