package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.ByteStreamSplitDecoder;
import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.DeltaBinaryPackedDecoder;
import io.dendrite.parquet.read.internal.column.DeltaByteArrayDecoder;
import io.dendrite.parquet.read.internal.column.DeltaLengthByteArrayDecoder;
import io.dendrite.parquet.read.internal.column.DictionaryIdsDecoder;
import io.dendrite.parquet.read.internal.column.DictionaryPageDecoder;
import io.dendrite.parquet.read.internal.column.FallbackValuesDecoder;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.column.LeafValues.Embedded;
import io.dendrite.parquet.read.internal.column.PlainValuesDecoder;
import io.dendrite.parquet.read.internal.column.RleBooleanDecoder;
import io.dendrite.parquet.read.internal.column.ValuesDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/**
 * Each values encoding as parquet-java's own writers produce it, decoded by ours equal to the
 * input: random values with fixed seeds and the edge cases (0 and 1 values, extremes, NaN
 * payloads, empty binaries, shared prefixes, every DELTA_BINARY_PACKED bit width, miniblock
 * and block boundaries), read in random pieces and again with random skips between them.
 */
class ValuesDecodersTest {
  private static final ByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  private static final int[] COUNTS = {0, 1, 2, 31, 32, 33, 127, 128, 129, 1000, 4099};
  private final Random random = new Random(21);

  @Test
  void plainEveryPhysicalType() {
    for (PrimitiveTypeName type : PrimitiveTypeName.values()) {
      for (int length : type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? new int[] {1, 3, 16}
          : new int[] {0}) {
        for (int count : COUNTS) {
          List<Object> values = values(type, length, count);
          ValuesWriter w = type == PrimitiveTypeName.BOOLEAN ? new BooleanPlainValuesWriter()
              : type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY || type == PrimitiveTypeName.INT96
              ? new FixedLenByteArrayPlainValuesWriter(
                  type == PrimitiveTypeName.INT96 ? 12 : length, 64, 1 << 20, HEAP)
              : new PlainValuesWriter(64, 1 << 20, HEAP);
          assertDecodes("PLAIN " + type + "(" + length + ") x" + count, type, values,
              write(w, type, values), e -> {
                PlainValuesDecoder d = new PlainValuesDecoder(type, length);
                d.init(e.buf(), e.start(), e.end());
                return d;
              });
        }
      }
    }
  }

  @Test
  void fallbackDecodesThroughParquetJavasValuesReader() {
    // Encodings we decode ourselves, decoded here by the fallback: its plumbing for every type.
    MessageType schema = MessageTypeParser.parseMessageType("message m { required boolean a;"
        + " required int32 b; required int64 c; required float d; required double e;"
        + " required binary f; required fixed_len_byte_array(3) g; required int96 h; }");
    for (ColumnDescriptor c : schema.getColumns()) {
      PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
      int length = c.getPrimitiveType().getTypeLength();
      List<Object> values = values(type, length, 1000);
      ValuesWriter w = type == PrimitiveTypeName.BOOLEAN ? new BooleanPlainValuesWriter()
          : type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY || type == PrimitiveTypeName.INT96
          ? new FixedLenByteArrayPlainValuesWriter(
              type == PrimitiveTypeName.INT96 ? 12 : length, 64, 1 << 20, HEAP)
          : new PlainValuesWriter(64, 1 << 20, HEAP);
      assertDecodes("fallback PLAIN " + type, type, values, write(w, type, values), e -> {
        FallbackValuesDecoder d = new FallbackValuesDecoder(c);
        d.init(Encoding.PLAIN, values.size(), e.buf(), e.start(), e.end());
        return d;
      });
    }
  }

  @Test
  void deltaBinaryPackedInt32EveryBitWidth() {
    for (int width = 0; width <= 32; width++) {
      for (int[] block : new int[][] {{128, 4}, {256, 8}, {1024, 1}}) {
        for (int count : COUNTS) {
          List<Object> values = new ArrayList<>();
          for (long v : deltaSeries(width, count, 32)) {
            values.add((int) v);
          }
          assertDeltaBinaryPacked(PrimitiveTypeName.INT32, values, block,
              "width " + width + ", block " + block[0] + "/" + block[1]);
        }
      }
    }
  }

  @Test
  void deltaBinaryPackedInt64EveryBitWidth() {
    for (int width = 0; width <= 64; width++) {
      for (int[] block : new int[][] {{128, 4}, {256, 8}}) {
        for (int count : COUNTS) {
          List<Object> values = new ArrayList<>();
          for (long v : deltaSeries(width, count, 64)) {
            values.add(v);
          }
          assertDeltaBinaryPacked(PrimitiveTypeName.INT64, values, block,
              "width " + width + ", block " + block[0] + "/" + block[1]);
        }
      }
    }
  }

  /**
   * DuckDB 2.0 computes INT32 deltas in 64 bits, so its miniblocks can be 33 or 34 bits wide
   * (parquet-java reads them): the low 32 bits, summed with 32-bit wrapping, give the values.
   */
  @Test
  void deltaBinaryPackedInt32WithDeltasWiderThan32Bits() {
    List<Object> ints = new ArrayList<>();
    List<Object> longs = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      int v = i % 3 == 0 ? Integer.MIN_VALUE : i % 3 == 1 ? Integer.MAX_VALUE : random.nextInt();
      ints.add(v);
      longs.add((long) v);
    }
    BytesInput bytes = write(new DeltaBinaryPackingValuesWriterForLong(128, 4, 64, 1 << 20,
        HEAP), PrimitiveTypeName.INT64, longs);
    assertDecodes("DELTA_BINARY_PACKED INT32 with 64-bit deltas", PrimitiveTypeName.INT32, ints,
        bytes, e -> {
          DeltaBinaryPackedDecoder d = DeltaBinaryPackedDecoder.forType(PrimitiveTypeName.INT32);
          d.init(e.buf(), e.start(), e.end());
          return d;
        });
  }

  @Test
  void deltaBinaryPackedExtremesAndRandomValues() {
    for (PrimitiveTypeName type : new PrimitiveTypeName[] {PrimitiveTypeName.INT32,
        PrimitiveTypeName.INT64}) {
      for (int count : COUNTS) {
        assertDeltaBinaryPacked(type, values(type, 0, count), new int[] {128, 4}, "random");
      }
      List<Object> extremes = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        long v = switch (i % 5) {
          case 0 -> Long.MIN_VALUE;
          case 1 -> Long.MAX_VALUE;
          case 2 -> 0;
          case 3 -> -1;
          default -> random.nextLong();
        };
        extremes.add(type == PrimitiveTypeName.INT32 ? (Object) (int) (i % 2 == 0
            ? (v < 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE) : v) : (Object) v);
      }
      assertDeltaBinaryPacked(type, extremes, new int[] {128, 4}, "extremes");
    }
  }

  @Test
  void deltaLengthByteArray() {
    for (int count : COUNTS) {
      List<Object> values = values(PrimitiveTypeName.BINARY, 0, count);
      assertDecodes("DELTA_LENGTH_BYTE_ARRAY x" + count, PrimitiveTypeName.BINARY, values,
          write(new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP), PrimitiveTypeName.BINARY,
              values), e -> {
            DeltaLengthByteArrayDecoder d = new DeltaLengthByteArrayDecoder();
            d.init(e.buf(), e.start(), e.end());
            return d;
          });
    }
  }

  @Test
  void deltaByteArrayBinaryWithSharedPrefixes() {
    for (int count : COUNTS) {
      for (boolean sorted : new boolean[] {true, false}) {
        List<Object> values = prefixed(count, sorted);
        assertDecodes("DELTA_BYTE_ARRAY x" + count, PrimitiveTypeName.BINARY, values,
            write(new DeltaByteArrayWriter(64, 1 << 20, HEAP), PrimitiveTypeName.BINARY, values),
            e -> {
              DeltaByteArrayDecoder d = new DeltaByteArrayDecoder(-1);
              d.init(e.buf(), e.start(), e.end());
              return d;
            });
      }
    }
  }

  @Test
  void deltaByteArrayFixedLength() {
    for (int length : new int[] {1, 4, 16}) {
      for (int count : COUNTS) {
        List<Object> values = new ArrayList<>();
        byte[] previous = new byte[length];
        for (int i = 0; i < count; i++) {
          byte[] v = previous.clone(); // change a random tail: prefixes are shared
          for (int k = random.nextInt(length + 1); k < length; k++) {
            v[k] = (byte) random.nextInt(4);
          }
          values.add(v);
          previous = v;
        }
        assertDecodes("DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY(" + length + ") x" + count,
            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, values,
            write(new DeltaByteArrayWriter(64, 1 << 20, HEAP),
                PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, values), e -> {
              DeltaByteArrayDecoder d = new DeltaByteArrayDecoder(length);
              d.init(e.buf(), e.start(), e.end());
              return d;
            });
      }
    }
  }

  @Test
  void byteStreamSplit() {
    PrimitiveTypeName[] types = {PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE,
        PrimitiveTypeName.INT32, PrimitiveTypeName.INT64, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY};
    for (PrimitiveTypeName type : types) {
      for (int length : type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? new int[] {1, 3, 16}
          : new int[] {0}) {
        for (int count : COUNTS) {
          List<Object> values = values(type, length, count);
          ValuesWriter w = switch (type) {
            case FLOAT -> new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(64,
                1 << 20, HEAP);
            case DOUBLE -> new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(64,
                1 << 20, HEAP);
            case INT32 -> new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(64,
                1 << 20, HEAP);
            case INT64 -> new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(64,
                1 << 20, HEAP);
            default -> new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(
                length, 64, 1 << 20, HEAP);
          };
          assertDecodes("BYTE_STREAM_SPLIT " + type + " x" + count, type, values,
              write(w, type, values), e -> {
                ByteStreamSplitDecoder d = new ByteStreamSplitDecoder(type, length);
                d.init(e.buf(), e.start(), e.end());
                return d;
              });
        }
      }
    }
  }

  @Test
  void rleBooleans() {
    for (int count : COUNTS) {
      List<Object> values = new ArrayList<>();
      boolean run = random.nextBoolean();
      for (int i = 0; i < count; i++) {
        if (random.nextInt(30) == 0) {
          run = !run;
        }
        values.add(i % 100 < 50 ? run : random.nextBoolean()); // runs and random stretches
      }
      assertDecodes("RLE BOOLEAN x" + count, PrimitiveTypeName.BOOLEAN, values,
          write(new RunLengthBitPackingHybridValuesWriter(1, 64, 1 << 20, HEAP),
              PrimitiveTypeName.BOOLEAN, values), e -> {
            RleBooleanDecoder d = new RleBooleanDecoder();
            d.init(e.buf(), e.start(), e.end());
            return d;
          });
    }
  }

  @Test
  void dictionaryPagesAndIds() {
    PrimitiveTypeName[] types = {PrimitiveTypeName.INT32, PrimitiveTypeName.INT64,
        PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE, PrimitiveTypeName.BINARY,
        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY};
    for (PrimitiveTypeName type : types) {
      int length = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? 5 : 0;
      for (int distinct : new int[] {1, 2, 37, 70_000}) {
        for (int count : new int[] {1, 100, 5000, 140_000}) {
          List<Object> pool = values(type, length, distinct);
          List<Object> values = new ArrayList<>();
          for (int i = 0; i < count; i++) {
            values.add(pool.get(i < distinct ? i : random.nextInt(distinct)));
          }
          assertDictionary(type, length, values, type + " " + distinct + " distinct x" + count);
        }
      }
    }
  }

  private void assertDictionary(PrimitiveTypeName type, int length, List<Object> values,
      String what) {
    DictionaryValuesWriter w = switch (type) {
      case INT32 -> new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(1 << 30,
          Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
      case INT64 -> new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(1 << 30,
          Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
      case FLOAT -> new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(1 << 30,
          Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
      case DOUBLE -> new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(1 << 30,
          Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
      case BINARY -> new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(1 << 30,
          Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
      default -> new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(1 << 30,
          length, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
    };
    BytesInput ids = write(w, type, values);
    assertTrue(w.getEncoding().usesDictionary(), what + ": the writer kept its dictionary");
    DictionaryPage page = w.toDictPageAndClose();
    Embedded d = LeafValues.embed(page.getBytes(), random, random.nextBoolean());
    ColumnDictionary dictionary = DictionaryPageDecoder.decode(type, length, page.getEncoding(),
        page.getDictionarySize(), d.buf(), d.start(), d.end());
    assertEquals(page.getDictionarySize(), dictionary.size, what);
    Embedded e = LeafValues.embed(ids, random, random.nextBoolean());
    DictionaryIdsDecoder decoder = new DictionaryIdsDecoder();
    decoder.init(e.buf(), e.start(), e.end(), dictionary.size);
    LeafBatch batch = new LeafBatch();
    batch.ids = new int[values.size()];
    int at = 0;
    while (at < values.size()) {
      int k = Math.min(values.size() - at, 1 + random.nextInt(700));
      decoder.read(batch.ids, at, k);
      at += k;
    }
    batch.dictionary = dictionary;
    assertEquals(expected(values), actual(batch, type, values.size()), what);
    // The same values materialized, as a batch that mixes pages gets them.
    LeafBatch materialized = new LeafBatch();
    materialized.offsets = new int[] {0};
    dictionary.copyTo(batch.ids, 0, values.size(), materialized, 0);
    assertEquals(expected(values), actual(materialized, type, values.size()), what);
  }

  private void assertDeltaBinaryPacked(PrimitiveTypeName type, List<Object> values, int[] block,
      String what) {
    ValuesWriter w = type == PrimitiveTypeName.INT32
        ? new DeltaBinaryPackingValuesWriterForInteger(block[0], block[1], 64, 1 << 20, HEAP)
        : new DeltaBinaryPackingValuesWriterForLong(block[0], block[1], 64, 1 << 20, HEAP);
    assertDecodes("DELTA_BINARY_PACKED " + type + " x" + values.size() + ", " + what, type,
        values, write(w, type, values), e -> {
          DeltaBinaryPackedDecoder d = DeltaBinaryPackedDecoder.forType(type);
          d.init(e.buf(), e.start(), e.end());
          return d;
        });
  }

  /**
   * Decodes {@code bytes} with a decoder from {@code open} in random pieces, then again with
   * random skips, with the data in the middle and at the end of its buffer.
   */
  private void assertDecodes(String what, PrimitiveTypeName type, List<Object> values,
      BytesInput bytes, Function<Embedded, ValuesDecoder> open) {
    for (boolean atEnd : new boolean[] {false, true}) {
      Embedded e = LeafValues.embed(bytes, random, atEnd);
      ValuesDecoder d = open.apply(e);
      LeafBatch batch = newBatch();
      int at = 0;
      while (at < values.size()) {
        int k = Math.min(values.size() - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 700));
        d.read(batch, at, k);
        at += k;
      }
      assertEquals(expected(values), actual(batch, type, values.size()), what);

      d = open.apply(e);
      batch = newBatch();
      List<Object> kept = new ArrayList<>();
      int read = 0;
      at = 0;
      while (at < values.size()) {
        int k = Math.min(values.size() - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 300));
        if (random.nextBoolean()) {
          d.skip(k);
        } else {
          d.read(batch, read, k);
          kept.addAll(values.subList(at, at + k));
          read += k;
        }
        at += k;
      }
      assertEquals(expected(kept), actual(batch, type, read), what + ", with skips");
    }
  }

  private static LeafBatch newBatch() {
    LeafBatch batch = new LeafBatch();
    batch.offsets = new int[] {0};
    return batch;
  }

  private static List<Object> expected(List<Object> values) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(LeafValues.of(v));
    }
    return out;
  }

  private static List<Object> actual(LeafBatch batch, PrimitiveTypeName type, int count) {
    List<Object> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(LeafValues.value(batch, type, i));
    }
    return out;
  }

  static BytesInput write(ValuesWriter w, PrimitiveTypeName type, List<Object> values) {
    for (Object v : values) {
      switch (type) {
        case BOOLEAN -> w.writeBoolean((Boolean) v);
        case INT32 -> w.writeInteger((Integer) v);
        case INT64 -> w.writeLong((Long) v);
        case FLOAT -> w.writeFloat((Float) v);
        case DOUBLE -> w.writeDouble((Double) v);
        default -> w.writeBytes(Binary.fromConstantByteArray((byte[]) v));
      }
    }
    return w.getBytes();
  }

  /** Random values of a type, with its edge cases among them. */
  private List<Object> values(PrimitiveTypeName type, int length, int count) {
    List<Object> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int edge = random.nextInt(8);
      out.add(switch (type) {
        case BOOLEAN -> random.nextBoolean();
        case INT32 -> edge == 0 ? Integer.MIN_VALUE : edge == 1 ? Integer.MAX_VALUE
            : edge == 2 ? random.nextInt(10) : random.nextInt();
        case INT64 -> edge == 0 ? Long.MIN_VALUE : edge == 1 ? Long.MAX_VALUE
            : edge == 2 ? (long) random.nextInt(10) : random.nextLong();
        case FLOAT -> edge == 0 ? Float.intBitsToFloat(0x7fc00001 + random.nextInt(9))
            : edge == 1 ? -0.0f : edge == 2 ? Float.NEGATIVE_INFINITY
            : Float.intBitsToFloat(random.nextInt());
        case DOUBLE -> edge == 0 ? Double.longBitsToDouble(0x7ff8000000000001L + random.nextInt(9))
            : edge == 1 ? -0.0 : edge == 2 ? Double.MIN_VALUE
            : Double.longBitsToDouble(random.nextLong());
        case BINARY -> edge == 0 ? new byte[0] : edge == 1
            ? ("é€𝄞" + i).getBytes(StandardCharsets.UTF_8)
            : bytes(edge == 2 ? 200 + random.nextInt(2000) : random.nextInt(20));
        case INT96 -> bytes(12);
        default -> bytes(length);
      });
    }
    return out;
  }

  private byte[] bytes(int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  /** Strings sharing prefixes (sorted, or in random order), with empty ones and repeats. */
  private List<Object> prefixed(int count, boolean sorted) {
    List<String> s = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int kind = random.nextInt(10);
      s.add(kind == 0 ? "" : kind == 1 && !s.isEmpty() ? s.get(s.size() - 1)
          : "events/2026/" + random.nextInt(12) + "/" + random.nextInt(1000) + "/ü"
              + "x".repeat(random.nextInt(5)));
    }
    if (sorted) {
      Collections.sort(s);
    }
    List<Object> out = new ArrayList<>();
    for (String v : s) {
      out.add(v.getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }

  /**
   * Values whose deltas, in each block, span exactly {@code width} bits (the min delta and
   * the min plus {@code 2^width - 1} both occur), wrapping in {@code bits}-bit arithmetic.
   */
  private long[] deltaSeries(int width, int count, int bits) {
    long mask = width == 64 ? -1L : (1L << width) - 1;
    long base = random.nextLong();
    long[] out = new long[count];
    long v = random.nextLong();
    for (int i = 0; i < count; i++) {
      out[i] = bits == 32 ? (int) v : v;
      int inBlock = i % 128;
      long offset = inBlock == 1 ? 0 : inBlock == 2 ? mask : random.nextLong() & mask;
      v += base + offset;
    }
    return out;
  }

}
