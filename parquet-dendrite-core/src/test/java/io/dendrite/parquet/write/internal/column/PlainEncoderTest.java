package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFLBA;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * PLAIN and BYTE_STREAM_SPLIT pages of every physical type, decoded by parquet-java's value
 * readers: a range of a buffer whose entries mix values and nulls.
 */
class PlainEncoderTest {
  private static final int FIXED = 5;

  static LeafBuffer leaf(PrimitiveTypeName type, int length) {
    PrimitiveType t = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
        ? Types.optional(type).length(length).named("x") : Types.optional(type).named("x");
    return new LeafBuffer(new ColumnDescriptor(new String[] {"x"}, t, 0, 1));
  }

  /** Random values with nulls between them; returns the values as Java objects. */
  static List<Object> fill(LeafBuffer leaf, Random r, int entries) {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < entries; i++) {
      if (r.nextInt(5) == 0) {
        leaf.addNull(0, 0);
        continue;
      }
      switch (leaf.type) {
        case BOOLEAN: {
          boolean v = r.nextBoolean();
          leaf.addBoolean(0, v);
          values.add(v);
          break;
        }
        case INT32: {
          int v = r.nextInt();
          leaf.addInt(0, v);
          values.add(v);
          break;
        }
        case INT64: {
          long v = r.nextLong();
          leaf.addLong(0, v);
          values.add(v);
          break;
        }
        case FLOAT: {
          float v = Float.intBitsToFloat(r.nextInt());
          leaf.addFloat(0, v);
          values.add(v);
          break;
        }
        case DOUBLE: {
          double v = Double.longBitsToDouble(r.nextLong());
          leaf.addDouble(0, v);
          values.add(v);
          break;
        }
        default: {
          byte[] v = new byte[leaf.fixedLength > 0 ? leaf.fixedLength : r.nextInt(40)];
          r.nextBytes(v);
          leaf.addBinary(0, Binary.fromConstantByteArray(v));
          values.add(v);
          break;
        }
      }
    }
    return values;
  }

  @Test
  void parquetJavaReadsPlainOfEveryType() throws IOException {
    Random r = new Random(11);
    for (PrimitiveTypeName type : new PrimitiveTypeName[] {PrimitiveTypeName.BOOLEAN,
        PrimitiveTypeName.INT32, PrimitiveTypeName.INT64, PrimitiveTypeName.FLOAT,
        PrimitiveTypeName.DOUBLE, PrimitiveTypeName.BINARY,
        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY}) {
      LeafBuffer leaf = leaf(type, FIXED);
      List<Object> values = fill(leaf, r, 700);
      int from = 13;
      int to = values.size() - 17;
      ByteSink out = new ByteSink(8);
      new PlainEncoder().encode(leaf, from, to, out);
      ValuesReader reader = plainReader(type);
      reader.initFromPage(to - from, stream(out));
      check(type, values, from, to, reader);
    }
  }

  @Test
  void parquetJavaReadsByteStreamSplit() throws IOException {
    Random r = new Random(12);
    for (PrimitiveTypeName type : new PrimitiveTypeName[] {PrimitiveTypeName.INT32,
        PrimitiveTypeName.INT64, PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE,
        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY}) {
      LeafBuffer leaf = leaf(type, FIXED);
      List<Object> values = fill(leaf, r, 500);
      int from = 3;
      int to = values.size() - 4;
      ByteSink out = new ByteSink(8);
      new PlainEncoder().encodeByteStreamSplit(leaf, from, to, new ByteSink(8), out);
      ValuesReader reader;
      switch (type) {
        case INT32:
          reader = new ByteStreamSplitValuesReaderForInteger();
          break;
        case INT64:
          reader = new ByteStreamSplitValuesReaderForLong();
          break;
        case FLOAT:
          reader = new ByteStreamSplitValuesReaderForFloat();
          break;
        case DOUBLE:
          reader = new ByteStreamSplitValuesReaderForDouble();
          break;
        default:
          reader = new ByteStreamSplitValuesReaderForFLBA(FIXED);
          break;
      }
      reader.initFromPage(to - from, stream(out));
      check(type, values, from, to, reader);
    }
  }

  static ByteBufferInputStream stream(ByteSink out) {
    return ByteBufferInputStream.wrap(ByteBuffer.wrap(out.array(), 0, out.size()).slice());
  }

  private static ValuesReader plainReader(PrimitiveTypeName type) {
    switch (type) {
      case BOOLEAN:
        return new BooleanPlainValuesReader();
      case INT32:
        return new PlainValuesReader.IntegerPlainValuesReader();
      case INT64:
        return new PlainValuesReader.LongPlainValuesReader();
      case FLOAT:
        return new PlainValuesReader.FloatPlainValuesReader();
      case DOUBLE:
        return new PlainValuesReader.DoublePlainValuesReader();
      case BINARY:
        return new BinaryPlainValuesReader();
      default:
        return new FixedLenByteArrayPlainValuesReader(FIXED);
    }
  }

  private static void check(PrimitiveTypeName type, List<Object> values, int from, int to,
      ValuesReader reader) {
    for (int i = from; i < to; i++) {
      Object want = values.get(i);
      String at = type + " value " + i;
      switch (type) {
        case BOOLEAN:
          assertEquals(want, reader.readBoolean(), at);
          break;
        case INT32:
          assertEquals(want, reader.readInteger(), at);
          break;
        case INT64:
          assertEquals(want, reader.readLong(), at);
          break;
        case FLOAT:
          assertEquals(Float.floatToRawIntBits((Float) want),
              Float.floatToRawIntBits(reader.readFloat()), at);
          break;
        case DOUBLE:
          assertEquals(Double.doubleToRawLongBits((Double) want),
              Double.doubleToRawLongBits(reader.readDouble()), at);
          break;
        default:
          assertArrayEquals((byte[]) want, reader.readBytes().getBytes(), at);
          break;
      }
    }
  }
}
