package io.dendrite.parquet.testing;

import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.JulianFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantConverters;

/**
 * The oracle of the differential read tests: a file's rows as parquet-java reassembles them
 * (its example {@link Group} API), mapped by the file's Parquet types to the Java values
 * {@link io.dendrite.parquet.read.DendriteReader} documents: a row is a map of every column in
 * schema order, a struct a map of its non-null fields in schema order, a 3-level LIST a list,
 * a MAP a map in file order.
 *
 * <p>A VARIANT column without {@code typed_value} is {@code VariantValue.of(metadata, value)};
 * a shredded one is reassembled by parquet-java 1.18.1's own {@link VariantConverters} (the
 * Group of the row replayed into them) and returned as {@link Reassembled}, since parquet-java
 * picks a decimal's width by the value's precision (decimal4 for 1.5 in a decimal8 column;
 * in 1.18.1 even for scales above 9, which the spec does not allow) and, in 1.18.1, sorts
 * object fields in UTF-16 rather than UTF-8 order; {@link JavaValues} compares those by value.
 */
public final class ParquetJavaRows {
  private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

  private ParquetJavaRows() {}

  /** A shredded variant as parquet-java reassembled it. */
  public record Reassembled(VariantValue value) {
    @Override
    public String toString() {
      return "parquet-java " + value;
    }
  }

  /** Every row of the file. */
  public static List<Map<String, Object>> read(Path file) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (ParquetReader<Group> r = RawParquetFiles.groupReader(file)) {
      Group g;
      while ((g = r.read()) != null) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (Type column : g.getType().getFields()) {
          row.put(column.getName(), null); // a row has every column, a struct its non-null fields
        }
        row.putAll(struct(g, g.getType()));
        rows.add(row);
      }
    }
    return rows;
  }

  private static Map<String, Object> struct(Group g, GroupType type) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < type.getFieldCount(); i++) {
      Type t = type.getType(i);
      if (t.isRepetition(Type.Repetition.REPEATED)) {
        throw new AssertionError("the oracle maps 3-level LISTs only: " + t);
      }
      if (g.getFieldRepetitionCount(i) > 0) {
        out.put(t.getName(), value(g, i, 0, t));
      }
    }
    return out;
  }

  private static Object value(Group parent, int field, int index, Type t) {
    if (t.isPrimitive()) {
      return primitive(parent, field, index, t.asPrimitiveType());
    }
    Group g = parent.getGroup(field, index);
    GroupType type = t.asGroupType();
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation) {
      return variant(g, type);
    }
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      GroupType repeated = type.getType(0).asGroupType();
      Type element = repeated.getType(0);
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < g.getFieldRepetitionCount(0); i++) {
        Group e = g.getGroup(0, i);
        out.add(e.getFieldRepetitionCount(0) == 0 ? null : value(e, 0, 0, element));
      }
      return out;
    }
    if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
      GroupType kv = type.getType(0).asGroupType();
      Map<Object, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < g.getFieldRepetitionCount(0); i++) {
        Group e = g.getGroup(0, i);
        Object key = value(e, 0, 0, kv.getType(0));
        out.put(key, e.getFieldRepetitionCount(1) == 0 ? null : value(e, 1, 0, kv.getType(1)));
      }
      return out;
    }
    if (a != null) {
      throw new AssertionError("the oracle does not map " + t);
    }
    return struct(g, type);
  }

  private static Object primitive(Group g, int field, int index, PrimitiveType t) {
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    switch (t.getPrimitiveTypeName()) {
      case BOOLEAN:
        return g.getBoolean(field, index);
      case INT32: {
        int v = g.getInteger(field, index);
        if (a instanceof DateLogicalTypeAnnotation) {
          return LocalDate.ofEpochDay(v);
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return BigDecimal.valueOf(v, d.getScale());
        }
        if (a instanceof TimeLogicalTypeAnnotation time) {
          return LocalTime.ofNanoOfDay(v * unitNanos(time.getUnit()));
        }
        if (a instanceof IntLogicalTypeAnnotation i && !i.isSigned() && i.getBitWidth() == 32) {
          return Integer.toUnsignedLong(v);
        }
        return v;
      }
      case INT64: {
        long v = g.getLong(field, index);
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return BigDecimal.valueOf(v, d.getScale());
        }
        if (a instanceof TimestampLogicalTypeAnnotation ts) {
          ChronoUnit unit = unit(ts.getUnit());
          return ts.isAdjustedToUTC() ? Instant.EPOCH.plus(v, unit) : EPOCH.plus(v, unit);
        }
        if (a instanceof TimeLogicalTypeAnnotation time) {
          return LocalTime.ofNanoOfDay(Math.multiplyExact(v, unitNanos(time.getUnit())));
        }
        if (a instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
          return new BigDecimal(Long.toUnsignedString(v));
        }
        return v;
      }
      case FLOAT:
        return g.getFloat(field, index);
      case DOUBLE:
        return g.getDouble(field, index);
      case INT96: {
        ByteBuffer b = ByteBuffer.wrap(g.getInt96(field, index).getBytes())
            .order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = b.getLong();
        LocalDate day = LocalDate.EPOCH.with(JulianFields.JULIAN_DAY, b.getInt());
        return day.atStartOfDay(ZoneOffset.UTC).toInstant().plusNanos(nanosOfDay);
      }
      default: { // BINARY, FIXED_LEN_BYTE_ARRAY
        byte[] bytes = g.getBinary(field, index).getBytes();
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return new BigDecimal(new BigInteger(bytes), d.getScale());
        }
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
          return new String(bytes, StandardCharsets.UTF_8);
        }
        if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
          ByteBuffer b = ByteBuffer.wrap(bytes);
          return new UUID(b.getLong(), b.getLong());
        }
        return bytes;
      }
    }
  }

  private static ChronoUnit unit(LogicalTypeAnnotation.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> ChronoUnit.MILLIS;
      case MICROS -> ChronoUnit.MICROS;
      case NANOS -> ChronoUnit.NANOS;
    };
  }

  private static long unitNanos(LogicalTypeAnnotation.TimeUnit unit) {
    return unit(unit).getDuration().toNanos();
  }

  // ================================================================== VARIANT

  private static Object variant(Group g, GroupType type) {
    if (!type.containsField("typed_value")) {
      return VariantValue.of(g.getBinary("metadata", 0).getBytes(),
          g.getBinary("value", 0).getBytes());
    }
    VariantHolder holder = new VariantHolder();
    GroupConverter c = VariantConverters.newVariantConverter(type, holder::metadata, holder);
    c.start();
    // metadata first: parquet-java's converters need it before any value, whatever the
    // group's field order (the real record reader calls fields in schema order).
    int metadata = type.getFieldIndex("metadata");
    replayField(g, type, metadata, c);
    for (int i = 0; i < type.getFieldCount(); i++) {
      if (i != metadata) {
        replayField(g, type, i, c);
      }
    }
    c.end();
    holder.builder.appendNullIfEmpty();
    Variant v = holder.builder.build();
    return new Reassembled(VariantValue.of(bytes(v.getMetadataBuffer()),
        bytes(v.getValueBuffer())));
  }

  /** Receives the row's metadata and hands parquet-java's converters a builder for it. */
  private static final class VariantHolder
      implements VariantConverters.ParentConverter<VariantBuilder> {
    VariantBuilder builder;

    void metadata(ByteBuffer metadata) {
      builder = new VariantBuilder(new ImmutableMetadata(metadata));
    }

    @Override
    public void build(Consumer<VariantBuilder> consumer) {
      consumer.accept(builder);
    }
  }

  /** Calls the converters as parquet-java's record reader does for this part of the record. */
  private static void replay(Group g, GroupType type, GroupConverter c) {
    c.start();
    for (int i = 0; i < type.getFieldCount(); i++) {
      replayField(g, type, i, c);
    }
    c.end();
  }

  private static void replayField(Group g, GroupType type, int field, GroupConverter c) {
    Type t = type.getType(field);
    Converter child = c.getConverter(field);
    for (int j = 0; j < g.getFieldRepetitionCount(field); j++) {
      if (!t.isPrimitive()) {
        replay(g.getGroup(field, j), t.asGroupType(), child.asGroupConverter());
        continue;
      }
      PrimitiveConverter p = child.asPrimitiveConverter();
      switch (t.asPrimitiveType().getPrimitiveTypeName()) {
        case BOOLEAN -> p.addBoolean(g.getBoolean(field, j));
        case INT32 -> p.addInt(g.getInteger(field, j));
        case INT64 -> p.addLong(g.getLong(field, j));
        case FLOAT -> p.addFloat(g.getFloat(field, j));
        case DOUBLE -> p.addDouble(g.getDouble(field, j));
        case INT96 -> p.addBinary(g.getInt96(field, j));
        default -> p.addBinary(g.getBinary(field, j));
      }
    }
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }
}
