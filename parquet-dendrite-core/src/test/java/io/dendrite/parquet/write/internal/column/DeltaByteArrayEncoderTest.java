package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** DELTA_BYTE_ARRAY from us, decoded by parquet-java's reader: shared prefixes, empty values. */
class DeltaByteArrayEncoderTest {
  @Test
  void parquetJavaDecodesPrefixesAndSuffixes() throws IOException {
    Random r = new Random(51);
    for (int trial = 0; trial < 30; trial++) {
      LeafBuffer leaf = PlainEncoderTest.leaf(PrimitiveTypeName.BINARY, 0);
      List<byte[]> values = new ArrayList<>();
      byte[] previous = new byte[0];
      int n = 1 + r.nextInt(trial < 10 ? 5 : 600);
      for (int i = 0; i < n; i++) {
        // Keep a random part of the previous value, then add random bytes.
        int keep = previous.length == 0 ? 0 : r.nextInt(previous.length + 1);
        byte[] v = new byte[keep + r.nextInt(r.nextBoolean() ? 3 : 30)];
        System.arraycopy(previous, 0, v, 0, keep);
        for (int k = keep; k < v.length; k++) {
          v[k] = (byte) ('a' + r.nextInt(3));
        }
        leaf.addBinary(0, Binary.fromConstantByteArray(v));
        values.add(v);
        previous = v;
      }
      int from = r.nextInt(Math.max(1, n / 3));
      ByteSink out = new ByteSink(8);
      new DeltaByteArrayEncoder().encode(leaf, from, n, out);
      DeltaByteArrayReader reader = new DeltaByteArrayReader();
      reader.initFromPage(n - from, PlainEncoderTest.stream(out));
      for (int i = from; i < n; i++) {
        assertArrayEquals(values.get(i), reader.readBytes().getBytes(),
            "trial " + trial + " value " + i);
      }
    }
  }
}
