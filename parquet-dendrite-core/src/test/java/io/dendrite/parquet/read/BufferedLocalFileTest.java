package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.read.internal.file.BufferedLocalFile;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The buffered local stream returns the file's bytes at every position, whatever the reads. */
class BufferedLocalFileTest {
  @TempDir
  Path dir;

  @Test
  void randomSeeksAndReadsOfEverySizeReturnTheFilesBytes() throws Exception {
    Random random = new Random(11);
    byte[] content = new byte[100_000];
    random.nextBytes(content);
    Path file = dir.resolve("bytes.bin");
    Files.write(file, content);
    BufferedLocalFile input = new BufferedLocalFile(file);
    assertEquals(content.length, input.getLength());
    try (SeekableInputStream in = input.newStream()) {
      for (int op = 0; op < 5_000; op++) {
        if (random.nextInt(4) == 0) {
          in.seek(random.nextInt(content.length));
        }
        int at = (int) in.getPos();
        int left = content.length - at;
        // Mostly small reads (as thrift makes them), some larger than the buffer.
        int len = Math.min(left, random.nextBoolean() ? random.nextInt(40)
            : random.nextInt(20_000));
        byte[] expected = Arrays.copyOfRange(content, at, at + len);
        switch (random.nextInt(5)) {
          case 0 -> {
            int b = in.read();
            assertEquals(left == 0 ? -1 : content[at] & 0xff, b, "read() at " + at);
            continue;
          }
          case 1 -> {
            byte[] got = new byte[len];
            in.readFully(got);
            assertArrayEquals(expected, got, "readFully(byte[]) at " + at);
          }
          case 2 -> {
            byte[] got = new byte[len + 3];
            in.readFully(got, 3, len);
            assertArrayEquals(expected, Arrays.copyOfRange(got, 3, len + 3));
          }
          case 3 -> {
            ByteBuffer got = ByteBuffer.allocateDirect(len);
            in.readFully(got);
            got.flip();
            byte[] g = new byte[len];
            got.get(g);
            assertArrayEquals(expected, g, "readFully(direct) at " + at);
          }
          default -> {
            byte[] got = new byte[len];
            int n = len == 0 ? 0 : in.read(got, 0, len);
            if (left == 0 && len > 0) {
              assertEquals(-1, n);
              continue;
            }
            assertArrayEquals(Arrays.copyOf(expected, n), Arrays.copyOf(got, n),
                "read(byte[]) at " + at);
            assertEquals(at + n, in.getPos());
            continue;
          }
        }
        assertEquals(at + len, in.getPos());
      }
    }
  }

  @Test
  void readingPastTheEndFails() throws Exception {
    Path file = dir.resolve("short.bin");
    Files.write(file, new byte[] {1, 2, 3});
    try (SeekableInputStream in = new BufferedLocalFile(file).newStream()) {
      in.seek(1);
      EOFException e = assertThrows(EOFException.class, () -> in.readFully(new byte[3]));
      assertEquals("end of file at 3 with 1 bytes still to read", e.getMessage());
      in.seek(3);
      assertEquals(-1, in.read());
      assertEquals(-1, in.read(new byte[5], 0, 5));
    }
  }
}
