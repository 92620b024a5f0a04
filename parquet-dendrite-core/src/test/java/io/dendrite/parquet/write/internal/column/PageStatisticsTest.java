package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * Page statistics against parquet-java's own statistics of the same values (its comparators
 * follow the column's logical type): signed and unsigned integers, floating point, strings as
 * unsigned bytes, DECIMAL byte arrays as signed integers, UUIDs, booleans; pages at the start
 * of the buffer and after earlier pages.
 */
class PageStatisticsTest {
  @Test
  void equalParquetJavasStatisticsForEveryOrder() {
    List<PrimitiveType> types = List.of(
        Types.optional(PrimitiveTypeName.BOOLEAN).named("x"),
        Types.optional(PrimitiveTypeName.INT32).named("x"),
        Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, false))
            .named("x"),
        Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(8, true))
            .named("x"),
        Types.optional(PrimitiveTypeName.INT64).named("x"),
        Types.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, false))
            .named("x"),
        Types.optional(PrimitiveTypeName.FLOAT).named("x"),
        Types.optional(PrimitiveTypeName.DOUBLE).named("x"),
        Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
            .named("x"),
        Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.decimalType(2, 30))
            .named("x"),
        Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(7)
            .as(LogicalTypeAnnotation.decimalType(3, 16)).named("x"),
        Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16)
            .as(LogicalTypeAnnotation.uuidType()).named("x"));
    Random r = new Random(41);
    for (PrimitiveType type : types) {
      for (int trial = 0; trial < 30; trial++) {
        LeafBuffer leaf = new LeafBuffer(new ColumnDescriptor(new String[] {"x"}, type, 0, 1));
        // The page may start after values of an earlier page, which its statistics leave out.
        int from = r.nextInt(3);
        Statistics<?> earlier = Statistics.createStats(type);
        for (int i = 0; i < from; i++) {
          add(leaf, earlier, type, r);
        }
        Statistics<?> theirs = Statistics.createStats(type);
        int n = 1 + r.nextInt(trial < 10 ? 4 : 300);
        for (int i = 0; i < n; i++) {
          add(leaf, theirs, type, r);
        }
        long nulls = r.nextInt(3);
        theirs.incrementNumNulls(nulls);
        Statistics<?> ours = new PageStatistics(type).of(leaf, from, leaf.values, nulls);
        String at = type + " trial " + trial;
        assertTrue(ours.hasNonNullValue(), at);
        assertArrayEquals(theirs.getMinBytes(), ours.getMinBytes(), at + " min");
        assertArrayEquals(theirs.getMaxBytes(), ours.getMaxBytes(), at + " max");
        assertEquals(nulls, ours.getNumNulls(), at);
        if (leaf.valueEnds != null) {
          // A dictionary page's statistics from its distinct values, in any order.
          int[] distinct = distinctIndexes(leaf, from, r);
          Statistics<?> ofDistinct =
              new PageStatistics(type).ofDistinct(leaf, distinct, distinct.length, nulls);
          assertArrayEquals(theirs.getMinBytes(), ofDistinct.getMinBytes(), at + " min");
          assertArrayEquals(theirs.getMaxBytes(), ofDistinct.getMaxBytes(), at + " max");
          assertEquals(nulls, ofDistinct.getNumNulls(), at);
        }
      }
    }
  }

  /** The buffer index of each distinct value from {@code from} on, shuffled. */
  private static int[] distinctIndexes(LeafBuffer leaf, int from, Random r) {
    Map<ByteBuffer, Integer> first = new HashMap<>();
    for (int i = from; i < leaf.values; i++) {
      int start = leaf.valueStart(i);
      first.putIfAbsent(ByteBuffer.wrap(leaf.bytes, start, leaf.valueEnds[i] - start), i);
    }
    List<Integer> indexes = new ArrayList<>(first.values());
    Collections.shuffle(indexes, r);
    return indexes.stream().mapToInt(Integer::intValue).toArray();
  }

  @Test
  void zerosAndNaN() {
    PrimitiveType type = Types.optional(PrimitiveTypeName.DOUBLE).named("x");
    LeafBuffer leaf = new LeafBuffer(new ColumnDescriptor(new String[] {"x"}, type, 0, 1));
    leaf.addDouble(0, 0.0);
    leaf.addDouble(0, -0.0);
    leaf.addDouble(0, 0.0);
    Statistics<?> zeros = new PageStatistics(type).of(leaf, 0, 3, 0);
    // The spec: a zero min is written -0.0 and a zero max +0.0.
    assertEquals(Double.doubleToRawLongBits(-0.0),
        Double.doubleToRawLongBits((Double) zeros.genericGetMin()));
    assertEquals(Double.doubleToRawLongBits(0.0),
        Double.doubleToRawLongBits((Double) zeros.genericGetMax()));
    leaf.addDouble(0, Double.NaN);
    Statistics<?> withNaN = new PageStatistics(type).of(leaf, 0, 4, 0);
    assertFalse(withNaN.hasNonNullValue());
    assertTrue(withNaN.isEmpty(), "no statistics at all for a page with NaN");
  }

  @Test
  void aPageOfNullsHasOnlyItsNullCount() {
    PrimitiveType type = Types.optional(PrimitiveTypeName.INT64).named("x");
    LeafBuffer leaf = new LeafBuffer(new ColumnDescriptor(new String[] {"x"}, type, 0, 1));
    Statistics<?> s = new PageStatistics(type).of(leaf, 0, 0, 12);
    assertFalse(s.hasNonNullValue());
    assertEquals(12, s.getNumNulls());
  }

  private static void add(LeafBuffer leaf, Statistics<?> theirs, PrimitiveType type, Random r) {
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN: {
        boolean v = r.nextBoolean();
        leaf.addBoolean(0, v);
        theirs.updateStats(v);
        break;
      }
      case INT32: {
        int v = type.getLogicalTypeAnnotation() != null
            && ((LogicalTypeAnnotation.IntLogicalTypeAnnotation) type.getLogicalTypeAnnotation())
                .getBitWidth() == 8 ? r.nextInt(256) - 128 : r.nextInt();
        leaf.addInt(0, v);
        theirs.updateStats(v);
        break;
      }
      case INT64: {
        long v = r.nextLong();
        leaf.addLong(0, v);
        theirs.updateStats(v);
        break;
      }
      case FLOAT: {
        float v = (r.nextFloat() + 0.001f) * (r.nextBoolean() ? -1e6f : 1e6f);
        leaf.addFloat(0, v);
        theirs.updateStats(v);
        break;
      }
      case DOUBLE: {
        double v = (r.nextDouble() + 0.001) * (r.nextBoolean() ? -1e300 : 1e-300);
        leaf.addDouble(0, v);
        theirs.updateStats(v);
        break;
      }
      default: {
        byte[] b;
        if (type.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
          b = new byte[type.getTypeLength()];
          r.nextBytes(b);
        } else if (type.getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
          b = new BigInteger(1 + r.nextInt(90), r).subtract(BigInteger.ONE.shiftLeft(40))
              .toByteArray();
        } else {
          b = new byte[r.nextInt(6)];
          r.nextBytes(b);
        }
        leaf.addBinary(0, Binary.fromConstantByteArray(b));
        theirs.updateStats(Binary.fromConstantByteArray(b.clone()));
        break;
      }
    }
  }
}
