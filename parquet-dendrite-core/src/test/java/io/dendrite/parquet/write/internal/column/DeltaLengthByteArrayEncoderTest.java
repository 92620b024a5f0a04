package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** DELTA_LENGTH_BYTE_ARRAY from us, decoded by parquet-java's reader: any lengths, empties. */
class DeltaLengthByteArrayEncoderTest {
  @Test
  void parquetJavaDecodesLengthsAndBytes() throws IOException {
    Random r = new Random(77);
    for (int trial = 0; trial < 30; trial++) {
      LeafBuffer leaf = PlainEncoderTest.leaf(PrimitiveTypeName.BINARY, 0);
      List<byte[]> values = new ArrayList<>();
      int n = 1 + r.nextInt(trial < 10 ? 5 : 700);
      for (int i = 0; i < n; i++) {
        byte[] v = new byte[r.nextInt(r.nextBoolean() ? 3 : 300)];
        r.nextBytes(v);
        leaf.addBinary(0, Binary.fromConstantByteArray(v));
        values.add(v);
      }
      int from = r.nextInt(Math.max(1, n / 3));
      ByteSink out = new ByteSink(8);
      new DeltaLengthByteArrayEncoder().encode(leaf, from, n, out);
      DeltaLengthByteArrayValuesReader reader = new DeltaLengthByteArrayValuesReader();
      reader.initFromPage(n - from, PlainEncoderTest.stream(out));
      for (int i = from; i < n; i++) {
        assertArrayEquals(values.get(i), reader.readBytes().getBytes(),
            "trial " + trial + " value " + i);
      }
    }
  }
}
