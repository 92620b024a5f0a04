package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.RecordShape;
import io.dendrite.parquet.bench.dataset.RecordShape.Kind;
import io.dendrite.parquet.bench.dataset.RecordShape.Slot;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Avro schemas derived from a {@link RecordShape} (nullable fields as {@code [null, T]}
 * unions, dates as {@code int} with the {@code date} logical type, strings read as
 * {@link String}), and conversions between records and {@link GenericRecord}s.
 *
 * <p>{@link Reader} converts generic records of any schema with the same field names (the
 * Avro schema parquet-avro derives from a Parquet file, say): field positions are looked up
 * once per schema, and strings may come as {@link CharSequence} ({@code Utf8}).
 */
final class AvroShapes {
  private AvroShapes() {}

  /** The Avro schema of a record class; nested records named after their Java classes. */
  static Schema schema(RecordShape shape) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Slot s : shape.slots()) {
      Schema t = type(s.kind, s.element, s.record);
      if (s.nullable) {
        t = Schema.createUnion(Schema.create(Schema.Type.NULL), t);
        fields.add(new Schema.Field(s.name, t, null, Schema.Field.NULL_DEFAULT_VALUE));
      } else {
        fields.add(new Schema.Field(s.name, t));
      }
    }
    Class<?> c = shape.type();
    return Schema.createRecord(c.getSimpleName(), null, c.getPackageName(), false, fields);
  }

  private static Schema type(Kind kind, Kind element, RecordShape record) {
    switch (kind) {
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case INT:
        return Schema.create(Schema.Type.INT);
      case LONG:
        return Schema.create(Schema.Type.LONG);
      case DOUBLE:
        return Schema.create(Schema.Type.DOUBLE);
      case STRING:
        Schema s = Schema.create(Schema.Type.STRING);
        GenericData.setStringType(s, GenericData.StringType.String);
        return s;
      case DATE:
        return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case RECORD:
        return schema(record);
      case LIST:
        return Schema.createArray(type(element, null, record));
      default:
        throw new IllegalStateException(kind.toString());
    }
  }

  /** A record as a generic record of {@code schema} (from {@link #schema}). */
  static GenericData.Record toGeneric(Object record, RecordShape shape, Schema schema) {
    GenericData.Record out = new GenericData.Record(schema);
    List<Slot> slots = shape.slots();
    for (int i = 0; i < slots.size(); i++) {
      Slot s = slots.get(i);
      Object v = shape.get(record, i);
      if (v != null) {
        Schema field = nonNull(schema.getFields().get(i).schema());
        out.put(i, toAvro(v, s.kind, s.element, s.record, field));
      }
    }
    return out;
  }

  private static Object toAvro(Object v, Kind kind, Kind element, RecordShape record,
      Schema schema) {
    switch (kind) {
      case DATE:
        return Math.toIntExact(((LocalDate) v).toEpochDay());
      case RECORD:
        return toGeneric(v, record, schema);
      case LIST:
        List<?> in = (List<?>) v;
        List<Object> out = new ArrayList<>(in.size());
        for (Object e : in) {
          out.add(toAvro(e, element, null, record, schema.getElementType()));
        }
        return out;
      default:
        return v;
    }
  }

  static Schema nonNull(Schema s) {
    if (s.getType() != Schema.Type.UNION) {
      return s;
    }
    for (Schema t : s.getTypes()) {
      if (t.getType() != Schema.Type.NULL) {
        return t;
      }
    }
    throw new IllegalArgumentException("union without a non-null branch: " + s);
  }

  /** Converts generic records to records of one class; holds per-schema plans. */
  static final class Reader {
    private final RecordShape shape;
    private final Map<Schema, int[]> positions = new IdentityHashMap<>();

    Reader(RecordShape shape) {
      this.shape = shape;
    }

    Object read(GenericRecord r) {
      return read(r, shape);
    }

    private Object read(GenericRecord r, RecordShape shape) {
      Schema schema = r.getSchema();
      int[] pos = positions.get(schema);
      if (pos == null) {
        pos = plan(schema, shape);
        positions.put(schema, pos);
      }
      List<Slot> slots = shape.slots();
      Object[] args = new Object[slots.size()];
      for (int i = 0; i < args.length; i++) {
        Slot s = slots.get(i);
        Object v = r.get(pos[i]);
        args[i] = v == null ? null : fromAvro(v, s.kind, s.element, s.record);
      }
      return shape.construct(args);
    }

    private static int[] plan(Schema schema, RecordShape shape) {
      List<Slot> slots = shape.slots();
      int[] pos = new int[slots.size()];
      for (int i = 0; i < pos.length; i++) {
        Schema.Field f = schema.getField(slots.get(i).name);
        if (f == null) {
          throw new IllegalArgumentException("Avro schema " + schema.getFullName()
              + " has no field '" + slots.get(i).name + "' for " + shape.type().getName());
        }
        pos[i] = f.pos();
      }
      return pos;
    }

    private Object fromAvro(Object v, Kind kind, Kind element, RecordShape record) {
      switch (kind) {
        case STRING:
          return v.toString();
        case DATE:
          return v instanceof LocalDate ? v : LocalDate.ofEpochDay((Integer) v);
        case RECORD:
          return read((GenericRecord) v, record);
        case LIST:
          List<?> in = (List<?>) v;
          List<Object> out = new ArrayList<>(in.size());
          for (Object e : in) {
            out.add(fromAvro(e, element, null, record));
          }
          return out;
        default:
          return v;
      }
    }
  }
}
