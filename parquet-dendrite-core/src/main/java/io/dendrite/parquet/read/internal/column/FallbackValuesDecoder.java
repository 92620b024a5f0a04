package io.dendrite.parquet.read.internal.column;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A values encoding we do not decode ourselves, decoded by parquet-java's {@link ValuesReader}
 * for that page, one value at a time: slow, but a page in an unexpected encoding still reads.
 */
final class FallbackValuesDecoder extends ValuesDecoder {
  private final ColumnDescriptor column;
  private final PrimitiveTypeName type;
  private ValuesReader reader;

  FallbackValuesDecoder(ColumnDescriptor column) {
    this.column = column;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
  }

  /** The page's values section; {@code entries} is the page's level count, as parquet-java takes it. */
  void init(Encoding encoding, int entries, byte[] buf, int start, int end) {
    reader = encoding.getValuesReader(column, ValuesType.VALUES);
    try {
      reader.initFromPage(entries,
          ByteBufferInputStream.wrap(ByteBuffer.wrap(buf, start, end - start)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    switch (type) {
      case BOOLEAN:
        out.booleans = BatchArrays.booleans(out.booleans, (long) at + n);
        for (int i = 0; i < n; i++) {
          out.booleans[at + i] = reader.readBoolean();
        }
        break;
      case INT32:
        out.ints = BatchArrays.ints(out.ints, (long) at + n);
        for (int i = 0; i < n; i++) {
          out.ints[at + i] = reader.readInteger();
        }
        break;
      case INT64:
        out.longs = BatchArrays.longs(out.longs, (long) at + n);
        for (int i = 0; i < n; i++) {
          out.longs[at + i] = reader.readLong();
        }
        break;
      case FLOAT:
        out.floats = BatchArrays.floats(out.floats, (long) at + n);
        for (int i = 0; i < n; i++) {
          out.floats[at + i] = reader.readFloat();
        }
        break;
      case DOUBLE:
        out.doubles = BatchArrays.doubles(out.doubles, (long) at + n);
        for (int i = 0; i < n; i++) {
          out.doubles[at + i] = reader.readDouble();
        }
        break;
      default:
        out.offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
        for (int i = 0; i < n; i++) {
          Binary b = reader.readBytes();
          appendBinary(out, at + i, b.getBytesUnsafe(), 0, b.length());
        }
        break;
    }
  }

  @Override
  void skip(int n) {
    reader.skip(n);
  }
}
