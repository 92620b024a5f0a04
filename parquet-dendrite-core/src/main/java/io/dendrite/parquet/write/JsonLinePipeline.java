package io.dendrite.parquet.write;

import io.dendrite.parquet.write.internal.column.StripedRows;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * JSON lines parsed on worker threads while the calling thread reads the input and writes the
 * rows ({@link DendriteWriter.Builder#parallelism}). Lines go to the workers in chunks; the
 * calling thread takes the parsed chunks back in input order, so the rows, the errors and the
 * file are the same as with one thread. At most {@code threads + 1} chunks (each at most
 * {@link #CHUNK_LINES} lines or about {@link #CHUNK_CHARS} characters) are held at once.
 *
 * <p>Why parse apart: parsing a line and encoding its variants is a pure function of the line
 * and took about a third of a conversion's time. Once the file exists and its engine can take
 * them ({@link RowSink#striping()}), a worker also shreds its chunk's rows and stripes them into
 * leaf entries, so the calling thread only appends them to the row group by array copies;
 * before that (while shredding is inferred from the first rows), parsed rows go to the calling
 * thread as rows. Each chunk is striped by what the file said when the chunk was handed out.
 */
final class JsonLinePipeline {
  static final int CHUNK_LINES = 1024;
  static final int CHUNK_CHARS = 1 << 20;

  /**
   * Where lines come from, one at a time: a line is text or, read from bytes, UTF-8 bytes that
   * were checked to be well-formed (never made a String when they parse).
   */
  interface LineSource {
    /**
     * Moves to the next line; false at the end.
     *
     * @throws InvalidRecordException for a line that is not text (bad UTF-8); it is consumed
     */
    boolean next() throws IOException;

    /** The 1-based number of the current line. */
    long lineNumber();

    /** The current line's text, or null when it is held as bytes. */
    String text();

    byte[] bytes();

    int offset();

    int length();
  }

  /** What the calling thread does with each parsed line, in input order. */
  interface LineSink {
    /** A row parsed and not striped. */
    void row(Object[] row, long lineNumber);

    void invalid(InvalidRecordException e, long lineNumber);

    /** The next {@code count} rows of {@code rows}, each a line's, striped by a worker. */
    void striped(StripedRows rows, int count);

    /** Striping the row of line {@code lineNumber} failed with {@code e} on a worker. */
    void stripeFailed(Throwable e, long lineNumber);
  }

  private final int threads;
  private final Supplier<JsonRecordParser> parsers;
  private final Supplier<RowStriping> striping;

  /**
   * @param striping asked as each chunk is handed out: how its rows are striped, or null to
   *     hand them back as rows
   */
  JsonLinePipeline(int threads, Supplier<JsonRecordParser> parsers,
      Supplier<RowStriping> striping) {
    if (threads < 2) {
      throw new IllegalArgumentException("a pipeline needs 2 or more threads: " + threads);
    }
    this.threads = threads;
    this.parsers = parsers;
    this.striping = striping;
  }

  /** Parses every line of {@code source} on the workers and hands the results to {@code sink}. */
  void run(LineSource source, LineSink sink) throws IOException {
    ConcurrentLinkedQueue<JsonRecordParser> idle = new ConcurrentLinkedQueue<>();
    AtomicInteger made = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "dendrite-json-" + made.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    ArrayDeque<Future<Chunk>> inFlight = new ArrayDeque<>();
    try {
      for (Chunk c = Chunk.read(source); c != null; c = Chunk.read(source)) {
        Chunk chunk = c;
        chunk.striping = striping.get();
        inFlight.add(pool.submit(() -> chunk.parse(idle, parsers)));
        if (inFlight.size() > threads) {
          take(inFlight.poll()).deliver(sink);
        }
      }
      while (!inFlight.isEmpty()) {
        take(inFlight.poll()).deliver(sink);
      }
    } finally {
      pool.shutdownNow(); // a failed write leaves chunks unparsed: drop them
    }
  }

  private static Chunk take(Future<Chunk> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while parsing JSON lines");
    } catch (ExecutionException e) {
      // Chunk.parse keeps every failure of a line as that line's result: this is a bug.
      throw new IllegalStateException("a JSON parsing thread failed", e.getCause());
    }
  }

  /**
   * A line parsed, or null when it is blank as {@link String#isBlank()} has it (then it is no
   * row): its {@code text}, or when that is null its UTF-8 bytes {@code b[off, off + len)}.
   */
  static Object[] parseUnlessBlank(JsonRecordParser parser, String text, byte[] b, int off,
      int len) {
    if (isBlank(text, b, off, len)) {
      return null;
    }
    return text != null ? parser.parse(text) : parser.parse(b, off, len);
  }

  /** Whether a line, its text or when that is null its UTF-8 bytes, is blank. */
  static boolean isBlank(String text, byte[] b, int off, int len) {
    return text != null ? text.isBlank() : isBlank(b, off, len);
  }

  /** {@link String#isBlank()} of UTF-8 bytes, decoding only a line with non-ASCII bytes. */
  private static boolean isBlank(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      int c = b[i];
      if (c < 0) {
        return new String(b, off, len, StandardCharsets.UTF_8).isBlank();
      }
      if (!Character.isWhitespace(c)) {
        return false;
      }
    }
    return true;
  }

  /** Consecutive lines of the input and, once parsed, what each became. */
  private static final class Chunk {
    /** The result of a line whose row was striped into {@link #striped}. */
    private static final Object STRIPED = new Object();

    /**
     * Per line: its text, or null when its bytes are {@code bytes[from, from + length)} (a
     * length of -1: a line that is no text). The bytes of a chunk's lines are copied into one
     * array: no array per line for the reading thread to allocate.
     */
    final String[] texts = new String[CHUNK_LINES];
    final int[] from = new int[CHUNK_LINES];
    final int[] length = new int[CHUNK_LINES];
    final long[] numbers = new long[CHUNK_LINES];
    byte[] bytes;
    int byteCount;
    /**
     * Per line: the row, {@link #STRIPED}, an InvalidRecordException, another throwable, a
     * {@link StripeFailure}, or null (blank).
     */
    final Object[] results = new Object[CHUNK_LINES];
    int lines;
    /** How to stripe the rows, or null to hand them back as rows. */
    RowStriping striping;
    StripedRows striped;

    /** The next chunk of {@code source}, or null at its end. */
    static Chunk read(LineSource source) throws IOException {
      Chunk c = new Chunk();
      int size = 0;
      while (c.lines < CHUNK_LINES && size < CHUNK_CHARS) {
        int i = c.lines;
        try {
          if (!source.next()) {
            break;
          }
        } catch (InvalidRecordException e) {
          // A line that is no text (bad UTF-8): an invalid record of its own.
          c.length[i] = -1;
          c.numbers[i] = e.row();
          c.results[i] = e;
          c.lines++;
          continue;
        }
        String text = source.text();
        if (text != null) {
          c.texts[i] = text;
          size += text.length();
        } else {
          c.copy(i, source.bytes(), source.offset(), source.length());
          size += source.length();
        }
        c.numbers[i] = source.lineNumber();
        c.lines++;
      }
      return c.lines == 0 ? null : c;
    }

    private void copy(int i, byte[] b, int off, int len) {
      if (bytes == null) {
        bytes = new byte[Math.max(len, CHUNK_CHARS / 8)];
      } else if (byteCount + len > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(byteCount + len, bytes.length * 2));
      }
      System.arraycopy(b, off, bytes, byteCount, len);
      from[i] = byteCount;
      length[i] = len;
      byteCount += len;
    }

    Chunk parse(ConcurrentLinkedQueue<JsonRecordParser> idle,
        Supplier<JsonRecordParser> parsers) {
      JsonRecordParser parser = idle.poll();
      if (parser == null) {
        parser = parsers.get(); // each parser's encoders are its own: one per worker at most
      }
      RowStriping.Batch batch = striping == null ? null : striping.start();
      try {
        for (int i = 0; i < lines; i++) {
          if (length[i] < 0) {
            continue;
          }
          if (batch != null && batch.addDirect(parser, texts[i], bytes, from[i], length[i])) {
            results[i] = STRIPED;
            continue;
          }
          Object row;
          try {
            row = parseUnlessBlank(parser, texts[i], bytes, from[i], length[i]);
          } catch (RuntimeException | Error e) {
            row = e;
          }
          if (batch != null && row instanceof Object[]) {
            try {
              batch.add((Object[]) row);
              row = STRIPED;
            } catch (RuntimeException | Error e) {
              // Writing this row fails the file, as on the calling thread: nothing after counts.
              results[i] = new StripeFailure(e);
              return this;
            }
          }
          results[i] = row;
        }
        return this;
      } finally {
        idle.add(parser);
        if (batch != null) {
          striped = batch.rows;
          batch.finish();
        }
      }
    }

    void deliver(LineSink sink) {
      int run = 0; // striped rows not yet handed over
      for (int i = 0; i < lines; i++) {
        Object r = results[i];
        if (r == STRIPED) {
          run++;
          continue;
        }
        if (run > 0) {
          sink.striped(striped, run);
          run = 0;
        }
        long number = numbers[i];
        if (r instanceof Object[]) {
          sink.row((Object[]) r, number);
        } else if (r instanceof InvalidRecordException) {
          sink.invalid((InvalidRecordException) r, number);
        } else if (r instanceof StripeFailure) {
          sink.stripeFailed(((StripeFailure) r).cause, number);
          return;
        } else if (r instanceof RuntimeException) {
          throw (RuntimeException) r;
        } else if (r instanceof Error) {
          throw (Error) r;
        }
        // else a blank line: no row, not counted
      }
      if (run > 0) {
        sink.striped(striped, run);
      }
      if (striped != null) {
        striping.recycle(striped);
      }
    }
  }

  /** What striping a row threw, apart from a failure to parse it. */
  private static final class StripeFailure {
    final Throwable cause;

    StripeFailure(Throwable cause) {
      this.cause = cause;
    }
  }
}
