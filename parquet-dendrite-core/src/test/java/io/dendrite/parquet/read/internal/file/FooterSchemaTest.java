package io.dendrite.parquet.read.internal.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * Our conversion of a footer's schema equals parquet-java's wherever it converts one, and
 * leaves to parquet-java what it does not convert.
 */
class FooterSchemaTest {
  private static final ParquetMetadataConverter CONVERTER = new ParquetMetadataConverter();

  /** parquet-java's schema of a footer: the reference. */
  private static MessageType parquetJava(FileMetaData footer) throws Exception {
    FileMetaData copy = footer.deepCopy();
    copy.setRow_groups(new ArrayList<>());
    return CONVERTER.fromParquetMetadata(copy).getFileMetaData().getSchema();
  }

  private static void assertSameAsParquetJava(FileMetaData footer, String what) throws Exception {
    MessageType ours = FooterSchema.of(footer.getSchema(), footer.getColumn_orders());
    assertNotNull(ours, what + ": not converted");
    MessageType theirs = parquetJava(footer);
    assertEquals(theirs, ours, what);
    // equals() leaves out field ids and the message's name; the printed form holds both.
    assertEquals(theirs.toString(), ours.toString(), what);
    for (int i = 0; i < theirs.getColumns().size(); i++) {
      assertEquals(theirs.getColumns().get(i).getPrimitiveType().columnOrder(),
          ours.getColumns().get(i).getPrimitiveType().columnOrder(), what + " column " + i);
    }
  }

  private static FileMetaData thrift(MessageType schema) {
    return CONVERTER.toParquetMetadata(1, new ParquetMetadata(
        new org.apache.parquet.hadoop.metadata.FileMetaData(schema, java.util.Map.of(), "test"),
        List.of()));
  }

  @Test
  void everyConformanceFileSchemaIsParquetJavas() throws Exception {
    Path base = Path.of(System.getProperty("dendrite.conformance.dir"));
    List<Path> files;
    try (Stream<Path> s = Files.walk(base)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertTrue(files.size() > 100, "conformance files found: " + files.size());
    for (Path f : files) {
      assertSameAsParquetJava(footer(f), f.toString());
    }
  }

  /** Every logical type on every physical type the spec allows it on, nested, with ids. */
  private static MessageType everyType() {
    return Types.buildMessage()
        .required(PrimitiveTypeName.BOOLEAN).id(1).named("b")
        .optional(PrimitiveTypeName.INT32).named("i32")
        .optional(PrimitiveTypeName.INT64).named("i64")
        .optional(PrimitiveTypeName.INT96).named("i96")
        .optional(PrimitiveTypeName.FLOAT).named("f")
        .optional(PrimitiveTypeName.DOUBLE).columnOrder(
            org.apache.parquet.schema.ColumnOrder.ieee754TotalOrder()).named("d")
        .optional(PrimitiveTypeName.BINARY).named("bin")
        .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(3).named("fixed")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("s")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.enumType()).named("e")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.jsonType()).named("j")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.bsonType()).named("bs")
        .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16)
            .as(LogicalTypeAnnotation.uuidType()).named("u")
        .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(2)
            .as(LogicalTypeAnnotation.float16Type()).named("h")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named("date")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.decimalType(2, 9)).named("d4")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.decimalType(0, 18)).named("d8")
        .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16)
            .as(LogicalTypeAnnotation.decimalType(10, 38)).named("d16")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.decimalType(3, 50))
            .named("dbin")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(8, true)).named("i8")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(16, false))
            .named("u16")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, false))
            .named("u32")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, true))
            .named("s64")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.timeType(true,
            TimeUnit.MILLIS)).named("tms")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timeType(false,
            TimeUnit.MICROS)).named("tus")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timeType(true,
            TimeUnit.NANOS)).named("tns")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true,
            TimeUnit.MILLIS)).named("tsms")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(false,
            TimeUnit.MICROS)).named("tsus")
        .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(false,
            TimeUnit.NANOS)).id(7).named("tsns")
        .optionalList().optionalElement(PrimitiveTypeName.INT64).named("list")
        .requiredMap().key(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
            .optionalValue(PrimitiveTypeName.DOUBLE).named("map")
        .optionalGroup().id(3)
            .required(PrimitiveTypeName.BINARY).named("metadata")
            .optional(PrimitiveTypeName.BINARY).named("value")
            .optionalGroup()
                .optionalGroup()
                    .optional(PrimitiveTypeName.BINARY).named("value")
                    .optional(PrimitiveTypeName.INT64).named("typed_value")
                    .named("a")
                .named("typed_value")
            .named("plain_group")
        .addField(Types.optionalGroup().as(LogicalTypeAnnotation.variantType((byte) 1))
            .required(PrimitiveTypeName.BINARY).named("metadata")
            .optional(PrimitiveTypeName.BINARY).named("value")
            .named("v"))
        .repeated(PrimitiveTypeName.INT32).named("legacy_repeated")
        .named("every_type");
  }

  @Test
  void everyTypeIsParquetJavas() throws Exception {
    assertSameAsParquetJava(thrift(everyType()), "every type");
  }

  @Test
  void legacyConvertedTypesAreParquetJavas() throws Exception {
    // Written by a writer that knows only converted types: no logical type on any element.
    FileMetaData footer = thrift(everyType());
    int legacy = 0;
    for (SchemaElement e : footer.getSchema()) {
      if (e.isSetLogicalType() && e.isSetConverted_type()) {
        e.unsetLogicalType();
        legacy++;
      }
    }
    assertTrue(legacy >= 15, "elements with converted types: " + legacy);
    assertSameAsParquetJava(footer, "converted types only");
  }

  @Test
  void footersWithoutColumnOrdersAreParquetJavas() throws Exception {
    FileMetaData footer = thrift(everyType());
    footer.unsetColumn_orders();
    assertSameAsParquetJava(footer, "no column orders");
  }

  @Test
  void whatItDoesNotConvertIsLeftToParquetJava() throws Exception {
    MessageType interval = Types.buildMessage()
        .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(12)
            .as(LogicalTypeAnnotation.intervalType()).named("iv")
        .named("m");
    FileMetaData footer = thrift(interval);
    assertNull(FooterSchema.of(footer.getSchema(), footer.getColumn_orders()));

    FileMetaData unknown = thrift(Types.buildMessage()
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.unknownType()).named("n")
        .named("m"));
    assertNull(FooterSchema.of(unknown.getSchema(), unknown.getColumn_orders()));

    FileMetaData noRepetition = thrift(everyType());
    noRepetition.getSchema().get(3).unsetRepetition_type();
    assertNull(FooterSchema.of(noRepetition.getSchema(), noRepetition.getColumn_orders()));

    FileMetaData ordersShort = thrift(everyType());
    List<ColumnOrder> orders = new ArrayList<>(ordersShort.getColumn_orders());
    orders.remove(orders.size() - 1);
    assertNull(FooterSchema.of(ordersShort.getSchema(), orders));

    FileMetaData truncated = thrift(everyType());
    List<SchemaElement> cut = truncated.getSchema().subList(0, 10);
    assertNull(FooterSchema.of(cut, null));
  }

  /** The thrift footer of a file, as PrunedFooter reads it. */
  private static FileMetaData footer(Path file) throws Exception {
    byte[] all = Files.readAllBytes(file);
    int length = ByteBuffer.wrap(all, all.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] footer = new byte[length];
    System.arraycopy(all, all.length - 8 - length, footer, 0, length);
    return ThriftBytes.fileMetaData(footer);
  }
}
