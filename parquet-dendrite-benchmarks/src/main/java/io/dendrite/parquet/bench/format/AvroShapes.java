package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
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
 * Avro schemas of the dataset records, derived from the Parquet schema core derives from the
 * same classes ({@link RecordSchema#ofRecord}), so that every format stores the same fields with
 * the same types (nullable fields as {@code [null, T]} unions, dates as {@code int} with the
 * {@code date} logical type, strings read as {@link String}); and conversions between records
 * and {@link GenericRecord}s.
 *
 * <p>{@link Reader} converts generic records of any schema with the same field names (the
 * Avro schema parquet-avro derives from a Parquet file, say): field positions are looked up
 * once per schema, and strings may come as {@link CharSequence} ({@code Utf8}).
 */
final class AvroShapes {
  private AvroShapes() {}

  /**
   * A record class as Avro needs it: its fields (from core's schema), component accessors and
   * canonical constructor as method handles, and the shape of each nested record (a struct or
   * the elements of a list of structs). Made once per class.
   */
  static final class Shape {
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
      @Override
      protected Shape computeValue(Class<?> type) {
        return new Shape(type);
      }
    };

    final Class<?> type;
    final List<Field> fields;
    private final MethodHandle[] getters;
    private final Shape[] nested;
    private final MethodHandle constructor;

    private Shape(Class<?> type) {
      @SuppressWarnings("unchecked")
      Class<? extends Record> records = (Class<? extends Record>) type;
      this.type = type;
      this.fields = RecordSchema.ofRecord(records).fields();
      RecordComponent[] components = type.getRecordComponents();
      getters = new MethodHandle[components.length];
      nested = new Shape[components.length];
      Class<?>[] types = new Class<?>[components.length];
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      try {
        for (int i = 0; i < components.length; i++) {
          types[i] = components[i].getType();
          getters[i] = lookup.unreflect(components[i].getAccessor())
              .asType(MethodType.methodType(Object.class, Object.class));
          Type t = components[i].getGenericType();
          Type record = t instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : t;
          if (record instanceof Class<?> c && c.isRecord()) {
            nested[i] = of(c);
          }
        }
        constructor = lookup.findConstructor(type, MethodType.methodType(void.class, types))
            .asSpreader(Object[].class, types.length)
            .asType(MethodType.methodType(Object.class, Object[].class));
      } catch (ReflectiveOperationException e) {
        throw new IllegalArgumentException("cannot read record " + type.getName() + ": " + e, e);
      }
    }

    static Shape of(Class<?> type) {
      return SHAPES.get(type);
    }

    Object get(Object record, int i) {
      try {
        return getters[i].invokeExact(record);
      } catch (Throwable e) {
        throw new IllegalStateException(type.getSimpleName() + "." + fields.get(i).name()
            + ": " + e, e);
      }
    }

    Object construct(Object[] components) {
      try {
        return constructor.invokeExact(components);
      } catch (RuntimeException e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("cannot construct " + type.getSimpleName() + ": " + e,
            e);
      }
    }
  }

  /** The Avro schema of a record class; nested records named after their Java classes. */
  static Schema schema(Class<?> type) {
    return schema(Shape.of(type));
  }

  private static Schema schema(Shape shape) {
    List<Schema.Field> fields = new ArrayList<>();
    for (int i = 0; i < shape.fields.size(); i++) {
      Field f = shape.fields.get(i);
      Schema t = type(f.type(), shape.nested[i]);
      if (f.nullable()) {
        t = Schema.createUnion(Schema.create(Schema.Type.NULL), t);
        fields.add(new Schema.Field(f.name(), t, null, Schema.Field.NULL_DEFAULT_VALUE));
      } else {
        fields.add(new Schema.Field(f.name(), t));
      }
    }
    Class<?> c = shape.type;
    return Schema.createRecord(c.getSimpleName(), null, c.getPackageName(), false, fields);
  }

  private static Schema type(FieldType type, Shape record) {
    if (type instanceof StructType) {
      return schema(record);
    }
    if (type instanceof ListType l) {
      return Schema.createArray(type(l.element(), record));
    }
    switch (((PrimitiveFieldType) type).kind()) {
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case INT32:
        return Schema.create(Schema.Type.INT);
      case INT64:
        return Schema.create(Schema.Type.LONG);
      case DOUBLE:
        return Schema.create(Schema.Type.DOUBLE);
      case STRING:
        Schema s = Schema.create(Schema.Type.STRING);
        GenericData.setStringType(s, GenericData.StringType.String);
        return s;
      case DATE:
        return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      default:
        throw new IllegalArgumentException("no Avro type for " + type + " in " + record);
    }
  }

  /** A record as a generic record of {@code schema} (from {@link #schema}). */
  static GenericData.Record toGeneric(Object record, Schema schema) {
    return toGeneric(record, Shape.of(record.getClass()), schema);
  }

  private static GenericData.Record toGeneric(Object record, Shape shape, Schema schema) {
    GenericData.Record out = new GenericData.Record(schema);
    for (int i = 0; i < shape.fields.size(); i++) {
      Object v = shape.get(record, i);
      if (v != null) {
        Schema field = nonNull(schema.getFields().get(i).schema());
        out.put(i, toAvro(v, shape.fields.get(i).type(), shape.nested[i], field));
      }
    }
    return out;
  }

  private static Object toAvro(Object v, FieldType type, Shape record, Schema schema) {
    if (type instanceof StructType) {
      return toGeneric(v, record, schema);
    }
    if (type instanceof ListType l) {
      List<?> in = (List<?>) v;
      List<Object> out = new ArrayList<>(in.size());
      for (Object e : in) {
        out.add(toAvro(e, l.element(), record, schema.getElementType()));
      }
      return out;
    }
    return v instanceof LocalDate d ? Math.toIntExact(d.toEpochDay()) : v;
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
    private final Shape shape;
    private final Map<Schema, int[]> positions = new IdentityHashMap<>();

    Reader(Class<?> type) {
      this.shape = Shape.of(type);
    }

    Object read(GenericRecord r) {
      return read(r, shape);
    }

    private Object read(GenericRecord r, Shape shape) {
      Schema schema = r.getSchema();
      int[] pos = positions.get(schema);
      if (pos == null) {
        pos = plan(schema, shape);
        positions.put(schema, pos);
      }
      Object[] args = new Object[shape.fields.size()];
      for (int i = 0; i < args.length; i++) {
        Object v = r.get(pos[i]);
        args[i] = v == null ? null : fromAvro(v, shape.fields.get(i).type(), shape.nested[i]);
      }
      return shape.construct(args);
    }

    private static int[] plan(Schema schema, Shape shape) {
      int[] pos = new int[shape.fields.size()];
      for (int i = 0; i < pos.length; i++) {
        Schema.Field f = schema.getField(shape.fields.get(i).name());
        if (f == null) {
          throw new IllegalArgumentException("Avro schema " + schema.getFullName()
              + " has no field '" + shape.fields.get(i).name() + "' for "
              + shape.type.getName());
        }
        pos[i] = f.pos();
      }
      return pos;
    }

    private Object fromAvro(Object v, FieldType type, Shape record) {
      if (type instanceof StructType) {
        return read((GenericRecord) v, record);
      }
      if (type instanceof ListType l) {
        List<?> in = (List<?>) v;
        List<Object> out = new ArrayList<>(in.size());
        for (Object e : in) {
          out.add(fromAvro(e, l.element(), record));
        }
        return out;
      }
      PrimitiveFieldType.Kind kind = ((PrimitiveFieldType) type).kind();
      if (kind == PrimitiveFieldType.Kind.STRING) {
        return v.toString();
      }
      if (kind == PrimitiveFieldType.Kind.DATE) {
        return v instanceof LocalDate ? v : LocalDate.ofEpochDay((Integer) v);
      }
      return v;
    }
  }
}
