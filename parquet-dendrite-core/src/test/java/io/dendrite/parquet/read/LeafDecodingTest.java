package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.ColumnReadException;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.engine.LeafDecoding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * Column chunks decoded on several threads: every leaf gets its own rows, the leaves split by
 * bytes, and a failure is the one a serial decode meets first.
 */
class LeafDecodingTest {
  private static final int ROWS = 500;
  private static final boolean[] FRESH = new boolean[8];

  /** The threads that read each leaf's pages, in order. */
  private final Map<Integer, List<Thread>> readBy = new ConcurrentHashMap<>();

  /**
   * A required int32 column of {@link #ROWS} rows, value {@code leaf * 1000 + row}, in plain
   * pages of 250 rows; a failing leaf's page reader throws after {@code delayMillis}.
   */
  private ColumnChunkReader chunk(int leaf, boolean fails, long delayMillis) {
    ColumnDescriptor column = new ColumnDescriptor(new String[] {"c" + leaf},
        Types.required(PrimitiveTypeName.INT32).named("c" + leaf), 0, 0);
    Queue<DataPage> queue = new ArrayDeque<>();
    for (int first = 0; first < ROWS; first += 250) {
      ByteBuffer values = ByteBuffer.allocate(4 * 250).order(ByteOrder.LITTLE_ENDIAN);
      for (int r = first; r < first + 250; r++) {
        values.putInt(leaf * 1000 + r);
      }
      queue.add(new DataPageV1(BytesInput.from(values.array()), 250, 4 * 250, null,
          Encoding.RLE, Encoding.RLE, Encoding.PLAIN));
    }
    readBy.put(leaf, new CopyOnWriteArrayList<>());
    PageReader pages = new PageReader() {
      @Override
      public DictionaryPage readDictionaryPage() {
        return null;
      }

      @Override
      public long getTotalValueCount() {
        return ROWS;
      }

      @Override
      public DataPage readPage() {
        if (fails) {
          readBy.get(leaf).add(Thread.currentThread());
          try {
            Thread.sleep(delayMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          throw new IllegalStateException("leaf " + leaf + " fails");
        }
        DataPage page = queue.poll();
        if (page != null) {
          readBy.get(leaf).add(Thread.currentThread());
        }
        return page;
      }
    };
    return new ColumnChunkReader(column, pages, ROWS);
  }

  /** The thread that read leaf {@code leaf}'s first page. */
  private Thread firstReader(int leaf) {
    return readBy.get(leaf).get(0);
  }

  /** {@code n} chunks that decode, leaf {@code i} the {@code i}-th. */
  private ColumnChunkReader[] chunks(int n) {
    ColumnChunkReader[] chunks = new ColumnChunkReader[n];
    for (int i = 0; i < n; i++) {
      chunks[i] = chunk(i, false, 0);
    }
    return chunks;
  }

  private static LeafBatch[] batches(int n) {
    LeafBatch[] b = new LeafBatch[n];
    for (int i = 0; i < n; i++) {
      b[i] = new LeafBatch();
    }
    return b;
  }

  @Test
  void everyLeafDecodesItsOwnRowsOnThreeThreads() {
    int n = 8;
    ColumnChunkReader[] chunks = chunks(n);
    LeafBatch[] leaves = batches(n);
    try (LeafDecoding decoding = new LeafDecoding(3, n, 0)) {
      decoding.balance(new long[] {5, 9, 1, 1, 7, 3, 3, 2}, ROWS);
      for (int from = 0; from < ROWS; from += 128) {
        int rows = Math.min(128, ROWS - from);
        decoding.decode(chunks, leaves, FRESH, rows);
        for (int i = 0; i < n; i++) {
          assertEquals(rows, leaves[i].rows);
          for (int r = 0; r < rows; r++) {
            assertEquals(i * 1000 + from + r, leaves[i].ints[r], "leaf " + i + " row " + r);
          }
        }
      }
    }
    Set<Thread> first = new HashSet<>();
    for (int i = 0; i < n; i++) {
      first.add(firstReader(i));
    }
    assertEquals(3, first.size(), "three threads decoded the first batch: " + readBy);
  }

  @Test
  void theLargestChunkGetsAThreadOfItsOwn() {
    int n = 6;
    ColumnChunkReader[] chunks = chunks(n);
    try (LeafDecoding decoding = new LeafDecoding(2, n, 0)) {
      decoding.balance(new long[] {10, 10, 100, 10, 10, 10}, ROWS);
      decoding.decode(chunks, batches(n), FRESH, 10);
    }
    for (int i = 0; i < n; i++) {
      if (i != 2) {
        assertNotEquals(firstReader(2), firstReader(i), "leaf " + i + " shares leaf 2's thread");
        assertEquals(firstReader(0), firstReader(i), "the small leaves share a thread");
      }
    }
  }

  @Test
  void theLowestFailingLeafIsReportedWhicheverFailsFirst() {
    int n = 4;
    ColumnChunkReader[] chunks = new ColumnChunkReader[n];
    // Leaf 1 fails late on one thread, leaf 2 at once on the other: a serial read meets
    // leaf 1's failure first, and so must the parallel one.
    chunks[0] = chunk(0, false, 0);
    chunks[1] = chunk(1, true, 300);
    chunks[2] = chunk(2, true, 0);
    chunks[3] = chunk(3, false, 0);
    try (LeafDecoding decoding = new LeafDecoding(2, n, 0)) {
      decoding.balance(new long[] {1, 1, 1, 1}, ROWS); // round robin: {0, 2} and {1, 3}
      ColumnReadException e = assertThrows(ColumnReadException.class,
          () -> decoding.decode(chunks, batches(n), FRESH, 10));
      assertTrue(e.getCause().getMessage().equals("leaf 1 fails"), e.toString());
      assertNotEquals(firstReader(1), firstReader(2), "the failing leaves ran on two threads");
    }
  }

  @Test
  void aBatchOfFewerBytesThanTheThresholdDecodesOnTheCaller() {
    int n = 4;
    ColumnChunkReader[] chunks = chunks(n);
    LeafBatch[] leaves = batches(n);
    Thread caller = Thread.currentThread();
    try (LeafDecoding decoding = new LeafDecoding(2, n, 4000)) {
      decoding.balance(new long[] {4 * ROWS, 4 * ROWS, 4 * ROWS, 4 * ROWS}, ROWS); // 16 B/row
      decoding.decode(chunks, leaves, FRESH, 249); // 3984 bytes: first pages, on the caller
      decoding.decode(chunks, leaves, FRESH, 250); // 4000 bytes: second pages, in parallel
      for (int i = 0; i < n; i++) {
        assertEquals(caller, readBy.get(i).get(0), "leaf " + i + "'s first page");
        assertEquals(1000 * i + 249 + 249, leaves[i].ints[249]);
      }
      assertEquals(caller, readBy.get(0).get(1), "the caller's share: leaves 0 and 2");
      assertEquals(caller, readBy.get(2).get(1));
      assertNotEquals(caller, readBy.get(1).get(1), "a second thread took leaves 1 and 3");
      assertNotEquals(caller, readBy.get(3).get(1));
    }
  }

  @Test
  void oneThreadDecodesOnTheCaller() {
    try (LeafDecoding decoding = new LeafDecoding(4, 1, 0)) {
      LeafBatch[] leaves = batches(1);
      decoding.decode(new ColumnChunkReader[] {chunk(0, false, 0)}, leaves, FRESH, 7);
      assertEquals(6, leaves[0].ints[6]);
    }
    assertEquals(List.of(Thread.currentThread()), readBy.get(0));
  }
}
