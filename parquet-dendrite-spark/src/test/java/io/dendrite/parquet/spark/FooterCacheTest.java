package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A footer is served again only while its file's length and modification time are unchanged. */
class FooterCacheTest {
  @TempDir
  Path dir;

  private final Configuration conf = new Configuration();

  private static long rows(ParquetMetadata footer) {
    return footer.getBlocks().stream().mapToLong(b -> b.getRowCount()).sum();
  }

  @Test
  void servesAnUnchangedFileFromTheCacheAndRereadsARewrittenOne() throws IOException {
    Path file = dir.resolve("part-0.parquet");
    TestFiles.write(file, 0, 30, 1, b -> b);
    String name = file.toUri().toString();
    FooterCache cache = new FooterCache();

    ParquetMetadata first = cache.footer(name, conf);
    assertEquals(30, rows(first));
    assertSame(first, cache.footer(name, conf), "an unchanged file is not read again");

    // The same path rewritten with other rows (another length): the new footer, not the old.
    long before = Files.size(file);
    Files.delete(file);
    TestFiles.write(file, 0, 90, 1, b -> b);
    assertTrue(Files.size(file) != before);
    assertEquals(90, rows(cache.footer(name, conf)));
  }

  @Test
  void rereadsAFileWhoseModificationTimeChangedAtTheSameLength() throws IOException {
    Path file = dir.resolve("part-0.parquet");
    Path other = dir.resolve("other.parquet");
    TestFiles.write(file, 0, 30, 1, b -> b);
    TestFiles.write(other, 0, 30, 1, b -> b);
    String name = file.toUri().toString();
    FooterCache cache = new FooterCache();
    ParquetMetadata first = cache.footer(name, conf);

    // Same length (same rows, same writer), replaced in place with a later modification time.
    assertEquals(Files.size(file), Files.size(other));
    FileTime later = FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 60_000);
    Files.move(other, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(file, later);
    ParquetMetadata again = cache.footer(name, conf);
    assertNotSame(first, again, "a file with another modification time is read again");
    assertEquals(30, rows(again));
  }

  @Test
  void namesTheFileThatCannotBeRead() throws IOException {
    Path file = dir.resolve("not-parquet.parquet");
    Files.writeString(file, "not a parquet file");
    IOException e = assertThrows(IOException.class,
        () -> new FooterCache().footer(file.toUri().toString(), conf));
    assertTrue(e.getMessage().contains("cannot read the Parquet footer of "
        + file.toUri()), e.getMessage());
  }

  /**
   * Bounded by column chunks: with room for two files' chunks, reading a third drops the
   * least recently used footer (read again when asked for), not the one just used.
   */
  @Test
  void dropsTheLeastRecentlyUsedFooterPastTheBound() throws IOException {
    String[] names = new String[3];
    for (int i = 0; i < 3; i++) {
      Path file = dir.resolve("part-" + i + ".parquet");
      TestFiles.write(file, 0, 30, 1, b -> b);
      names[i] = file.toUri().toString();
    }
    FooterCache probe = new FooterCache();
    long perFile = probe.footer(names[0], conf).getBlocks().stream()
        .mapToLong(block -> block.getColumns().size()).sum();
    assertTrue(perFile > 0);
    FooterCache cache = new FooterCache(2 * perFile);
    ParquetMetadata first = cache.footer(names[0], conf);
    ParquetMetadata second = cache.footer(names[1], conf);
    assertSame(first, cache.footer(names[0], conf), "used again: now the most recent");
    cache.footer(names[2], conf);
    assertEquals(2, cache.size());
    assertSame(first, cache.footer(names[0], conf), "kept: used more recently than part-1");
    assertNotSame(second, cache.footer(names[1], conf), "dropped, so read again");
    assertEquals(2, cache.size());
  }

  /** A footer larger than the whole bound is still served (and held alone). */
  @Test
  void aFooterOverTheBoundIsServedAndHeldAlone() throws IOException {
    Path a = dir.resolve("a.parquet");
    Path b = dir.resolve("b.parquet");
    TestFiles.write(a, 0, 30, 1, x -> x);
    TestFiles.write(b, 0, 30, 1, x -> x);
    FooterCache cache = new FooterCache(1);
    assertEquals(30, rows(cache.footer(a.toUri().toString(), conf)));
    assertEquals(30, rows(cache.footer(b.toUri().toString(), conf)));
    assertEquals(1, cache.size());
  }
}
