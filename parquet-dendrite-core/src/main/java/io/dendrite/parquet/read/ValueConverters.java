package io.dendrite.parquet.read;

import io.dendrite.parquet.schema.Field;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.ListType;
import io.dendrite.parquet.schema.MapType;
import io.dendrite.parquet.schema.PrimitiveFieldType;
import io.dendrite.parquet.schema.StructType;
import io.dendrite.parquet.schema.VariantFieldType;
import io.dendrite.parquet.shred.VariantSchemas;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Converters that assemble ordinary columns into Java values: Boolean, Integer, Long, Float,
 * Double, String, byte[], BigDecimal, LocalDate, Instant (UTC-adjusted timestamps),
 * LocalDateTime (timestamps without time zone), LocalTime, UUID; structs into
 * {@code LinkedHashMap<String,Object>}, lists into {@code ArrayList}, maps into
 * {@code LinkedHashMap}; VARIANT columns into {@link VariantValue}.
 */
final class ValueConverters {
  private ValueConverters() {}

  static Converter create(FieldType type, Type parquet, String path, Consumer<Object> sink) {
    if (type instanceof VariantFieldType) {
      GroupType g = parquet.asGroupType();
      return FieldOrder.inSpecOrder(g, VariantColumnConverter.create(g, path,
          VariantSchemas.shreddedTypeOf(g), v -> sink.accept(VariantValue.of(v))));
    }
    if (type instanceof StructType) {
      return new StructConverter(((StructType) type).fields(), parquet.asGroupType(), path, sink);
    }
    if (type instanceof ListType) {
      return new ListConverter((ListType) type, parquet.asGroupType(), path, sink);
    }
    if (type instanceof MapType) {
      return new MapConverter((MapType) type, parquet.asGroupType(), path, sink);
    }
    return primitive((PrimitiveFieldType) type, parquet.asPrimitiveType(), sink);
  }

  private static Converter primitive(PrimitiveFieldType type,
      org.apache.parquet.schema.PrimitiveType parquet, Consumer<Object> sink) {
    JavaValues values = JavaValues.forColumn(type, parquet);
    return new PrimitiveConverter() {
      @Override
      public void addBoolean(boolean value) {
        sink.accept(values.ofBoolean(value));
      }

      @Override
      public void addInt(int value) {
        sink.accept(values.ofInt(value));
      }

      @Override
      public void addLong(long value) {
        sink.accept(values.ofLong(value));
      }

      @Override
      public void addFloat(float value) {
        sink.accept(values.ofFloat(value));
      }

      @Override
      public void addDouble(double value) {
        sink.accept(values.ofDouble(value));
      }

      @Override
      public void addBinary(Binary value) {
        sink.accept(values.ofBinary(value));
      }
    };
  }

  /** A struct as a map of field name to value, in schema order; absent fields are omitted. */
  private static final class StructConverter extends GroupConverter {
    private final Converter[] children;
    private final Consumer<Object> sink;
    private Map<String, Object> current;

    StructConverter(List<Field> fields, GroupType group, String path, Consumer<Object> sink) {
      this.sink = sink;
      this.children = new Converter[fields.size()];
      for (int i = 0; i < children.length; i++) {
        String name = fields.get(i).name();
        children[i] = create(fields.get(i).type(), group.getType(i), path + "." + name,
            v -> current.put(name, v));
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return children[fieldIndex];
    }

    @Override
    public void start() {
      current = new LinkedHashMap<>();
    }

    @Override
    public void end() {
      sink.accept(current);
    }
  }

  /** A 3-level LIST; null elements are kept as null. */
  private static final class ListConverter extends GroupConverter {
    private final GroupConverter repeated;
    private final Consumer<Object> sink;
    private List<Object> current;

    ListConverter(ListType type, GroupType group, String path, Consumer<Object> sink) {
      this.sink = sink;
      GroupType repeatedType = group.getType(0).asGroupType();
      Converter element = create(type.element(), repeatedType.getType(0), path + "[]",
          v -> current.set(current.size() - 1, v));
      this.repeated = new GroupConverter() {
        @Override
        public Converter getConverter(int fieldIndex) {
          return element;
        }

        @Override
        public void start() {
          current.add(null);
        }

        @Override
        public void end() {}
      };
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      current = new ArrayList<>();
    }

    @Override
    public void end() {
      sink.accept(current);
    }
  }

  /** A MAP of key_value groups. */
  private static final class MapConverter extends GroupConverter {
    private final GroupConverter keyValue;
    private final Consumer<Object> sink;
    private Map<Object, Object> current;
    private Object key;
    private Object value;

    MapConverter(MapType type, GroupType group, String path, Consumer<Object> sink) {
      this.sink = sink;
      GroupType kv = group.getType(0).asGroupType();
      Converter keyConverter = create(type.key(), kv.getType(0), path + ".key", v -> key = v);
      Converter valueConverter = create(type.value(), kv.getType(1), path + ".value",
          v -> value = v);
      this.keyValue = new GroupConverter() {
        @Override
        public Converter getConverter(int fieldIndex) {
          return fieldIndex == 0 ? keyConverter : valueConverter;
        }

        @Override
        public void start() {
          key = null;
          value = null;
        }

        @Override
        public void end() {
          current.put(key, value);
        }
      };
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return keyValue;
    }

    @Override
    public void start() {
      current = new LinkedHashMap<>();
    }

    @Override
    public void end() {
      sink.accept(current);
    }
  }
}
