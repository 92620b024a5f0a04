package io.dendrite.parquet.variant.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8#firstInvalid} against the JDK's strict UTF-8 decoder (which rejects overlong
 * forms, surrogates and code points above U+10FFFF too): the same verdict and the same first
 * bad byte, on random slices mixing long ASCII runs (read eight bytes at a time) with valid
 * multi-byte characters and stray bytes at every alignment.
 */
class Utf8ValidationTest {
  @Test
  void firstInvalidAgreesWithTheJdkDecoder() {
    Random r = new Random(42);
    int invalid = 0;
    for (int t = 0; t < 20_000; t++) {
      byte[] b = randomText(r);
      int off = r.nextInt(Math.min(4, b.length + 1));
      int len = r.nextInt(b.length - off + 1);
      int expected = jdkFirstInvalid(b, off, len);
      assertEquals(expected, Utf8.firstInvalid(b, off, len), () -> "bytes "
          + java.util.HexFormat.of().formatHex(b, off, off + len));
      if (expected >= 0) {
        invalid++;
      }
    }
    int bad = invalid;
    // Both verdicts are well represented.
    org.junit.jupiter.api.Assertions.assertTrue(bad > 2_000 && bad < 18_000, bad + " invalid");
  }

  private static byte[] randomText(Random r) {
    StringBuilder s = new StringBuilder();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int parts = 1 + r.nextInt(6);
    for (int p = 0; p < parts; p++) {
      switch (r.nextInt(5)) {
        case 0, 1 -> {
          for (int i = r.nextInt(40); i > 0; i--) {
            out.write(32 + r.nextInt(95)); // an ASCII run
          }
        }
        case 2 -> {
          s.setLength(0);
          s.appendCodePoint(r.nextBoolean() ? 0x80 + r.nextInt(0x780)
              : r.nextBoolean() ? 0xE000 + r.nextInt(0x1000) : 0x10000 + r.nextInt(0xFFFF));
          out.writeBytes(s.toString().getBytes(StandardCharsets.UTF_8));
        }
        case 3 -> out.write(r.nextInt(256)); // any byte: often a broken sequence
        default -> {
          if (r.nextInt(4) == 0) {
            out.writeBytes(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}); // surrogate
          } else {
            out.write(r.nextBoolean() ? 0xC0 : 0xF5); // never valid
          }
        }
      }
    }
    return out.toByteArray();
  }

  /** Where the JDK's decoder first reports malformed input, relative to off; -1 if none. */
  private static int jdkFirstInvalid(byte[] b, int off, int len) {
    CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(b, off, len);
    CharBuffer out = CharBuffer.allocate(len * 2 + 2);
    CoderResult result = d.decode(in, out, true);
    if (result.isError()) {
      return in.position() - off;
    }
    result = d.flush(out);
    return result.isError() ? in.position() - off : -1;
  }
}
