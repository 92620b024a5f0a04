package io.dendrite.parquet.write;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * and took about a third of a conversion's time; shredding and column writing stay on the
 * calling thread, where the file's state lives.
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
    void row(Object[] row, long lineNumber);

    void invalid(InvalidRecordException e, long lineNumber);
  }

  private final int threads;
  private final Supplier<JsonRecordParser> parsers;

  JsonLinePipeline(int threads, Supplier<JsonRecordParser> parsers) {
    if (threads < 2) {
      throw new IllegalArgumentException("a pipeline needs 2 or more threads: " + threads);
    }
    this.threads = threads;
    this.parsers = parsers;
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
    if (text != null) {
      return text.isBlank() ? null : parser.parse(text);
    }
    return isBlank(b, off, len) ? null : parser.parse(b, off, len);
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
    /** Per line: its text, a copy of its bytes, or null (a line that is no text). */
    final List<Object> lines = new ArrayList<>();
    final List<Long> numbers = new ArrayList<>();
    /** Per line: the row, an InvalidRecordException, another throwable, or null (blank). */
    final List<Object> results = new ArrayList<>();

    /** The next chunk of {@code source}, or null at its end. */
    static Chunk read(LineSource source) throws IOException {
      Chunk c = new Chunk();
      int size = 0;
      while (c.lines.size() < CHUNK_LINES && size < CHUNK_CHARS) {
        try {
          if (!source.next()) {
            break;
          }
        } catch (InvalidRecordException e) {
          // A line that is no text (bad UTF-8): an invalid record of its own.
          c.lines.add(null);
          c.numbers.add(e.row());
          c.results.add(e);
          continue;
        }
        String text = source.text();
        if (text != null) {
          c.lines.add(text);
          size += text.length();
        } else {
          int from = source.offset();
          c.lines.add(Arrays.copyOfRange(source.bytes(), from, from + source.length()));
          size += source.length();
        }
        c.numbers.add(source.lineNumber());
        c.results.add(null);
      }
      return c.lines.isEmpty() ? null : c;
    }

    Chunk parse(ConcurrentLinkedQueue<JsonRecordParser> idle,
        Supplier<JsonRecordParser> parsers) {
      JsonRecordParser parser = idle.poll();
      if (parser == null) {
        parser = parsers.get(); // each parser's encoders are its own: one per worker at most
      }
      try {
        for (int i = 0; i < lines.size(); i++) {
          Object line = lines.get(i);
          if (line == null) {
            continue;
          }
          try {
            if (line instanceof String) {
              results.set(i, parseUnlessBlank(parser, (String) line, null, 0, 0));
            } else {
              byte[] bytes = (byte[]) line;
              results.set(i, parseUnlessBlank(parser, null, bytes, 0, bytes.length));
            }
          } catch (RuntimeException | Error e) {
            results.set(i, e);
          }
        }
      } finally {
        idle.add(parser);
      }
      return this;
    }

    void deliver(LineSink sink) {
      for (int i = 0; i < lines.size(); i++) {
        Object r = results.get(i);
        long number = numbers.get(i);
        if (r instanceof Object[]) {
          sink.row((Object[]) r, number);
        } else if (r instanceof InvalidRecordException) {
          sink.invalid((InvalidRecordException) r, number);
        } else if (r instanceof RuntimeException) {
          throw (RuntimeException) r;
        } else if (r instanceof Error) {
          throw (Error) r;
        }
        // else a blank line: no row, not counted
      }
    }
  }
}
