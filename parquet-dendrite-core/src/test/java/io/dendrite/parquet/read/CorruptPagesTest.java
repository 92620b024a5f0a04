package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.ParquetPages;
import io.dendrite.parquet.testing.ParquetPages.Page;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged data pages (DESIGN.md §6): our files carry a CRC on every page and the reader checks
 * it, so a page whose bytes changed either fails with a {@link DendriteReadException} naming the
 * file, row group, row and the damaged page's column, or (bytes the read does not use) reads exactly the original rows.
 * Never different rows, never another exception type; and without CRCs (other writers), still
 * never another exception type.
 */
class CorruptPagesTest {
  static final List<String> SELECTION = List.of("id", "price", "v.user", "v.n", "v.tags[1]",
      "v.extra");
  /**
   * How each mutant is read, in turn: whole, whole on two threads (a row group each), selected
   * paths, as batches with each row group's column chunks decoded on three threads, and as
   * records on two threads (each batch decoded while the one before is assembled).
   */
  static final String[] MODES = {"whole", "parallel", "selected", "columns", "records"};
  static final String OTHER_ROWS = "read other rows without an error";

  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Codec.class, names = {"NONE", "SNAPPY"})
  void everyPageOfOurFilesCarriesACrc(Codec codec) throws Exception {
    List<Page> pages = ParquetPages.of(write(codec));
    assertTrue(pages.stream().filter(p -> p.type() == PageType.DATA_PAGE).count() > 20,
        "the file should have many data pages: " + pages.size());
    assertTrue(pages.stream().anyMatch(p -> p.type() == PageType.DICTIONARY_PAGE),
        "and dictionary pages");
    assertTrue(pages.stream().mapToInt(Page::rowGroup).max().orElse(0) > 0,
        "and several row groups");
    for (Page p : pages) {
      assertTrue(p.hasCrc(), "page without a CRC: " + p);
    }
  }

  @ParameterizedTest
  @EnumSource(Codec.class)
  void damagedPagesFailCleanlyAndNeverReadAsOtherRows(Codec codec) throws Exception {
    List<String> wrong = mutate(write(codec), 100, 17 + codec.ordinal(), true);
    assertEquals(List.of(), wrong);
  }

  @ParameterizedTest
  @EnumSource(Codec.class)
  void withoutPageCrcsDamageStillFailsAsOneReadException(Codec codec) throws Exception {
    // Other writers may leave out page CRCs: the damage then reaches the decoders, and other
    // rows may come back (nothing can tell), but any failure is a DendriteReadException.
    Path written = write(codec);
    Path file = RawParquetFiles.rewrite(written, dir.resolve("no-crc-" + codec + ".parquet"),
        schemaOf(written), RawParquetFiles.Options.DEFAULTS.pageChecksums(false)
            .codec(codec == Codec.NONE ? CompressionCodecName.UNCOMPRESSED
                : CompressionCodecName.valueOf(codec.name())).dictionary(true).rowGroupSize(8 * 1024));
    assertTrue(ParquetPages.of(file).stream().noneMatch(Page::hasCrc));
    List<String> wrong = mutate(file, 60, 31 + codec.ordinal(), false);
    assertEquals(List.of(), wrong.stream().filter(w -> !w.endsWith(OTHER_ROWS)).toList());
  }

  /**
   * Damages {@code mutations} copies of {@code file}, each at a random place of its page
   * payloads, reads each in one of {@link #MODES}, and lists what went wrong: rows that differ
   * from the original file's (ending with {@link #OTHER_ROWS}), or a failure that is not a
   * DendriteReadException naming the file, row group and row.
   */
  private List<String> mutate(Path file, int mutations, long seed, boolean checksums)
      throws Exception {
    byte[] original = Files.readAllBytes(file);
    List<Page> pages = ParquetPages.of(file);
    long payloadBytes = pages.stream().mapToLong(Page::payloadLength).sum();
    Map<String, List<String>> expected = new LinkedHashMap<>();
    for (String mode : MODES) {
      expected.put(mode, read(file, mode));
    }
    Path mutant = dir.resolve("mutant.parquet");
    Random random = new Random(seed);
    List<String> wrong = new ArrayList<>();
    int rejected = 0;
    for (int m = 0; m < mutations; m++) {
      byte[] bytes = original.clone();
      // A random byte of all page payloads (data and dictionary pages), then up to 3 more.
      long k = (long) (random.nextDouble() * payloadBytes);
      Page page = null;
      for (Page p : pages) {
        if (k < p.payloadLength()) {
          page = p;
          break;
        }
        k -= p.payloadLength();
      }
      int flips = 1 + random.nextInt(4);
      for (int j = 0; j < flips && k + j < page.payloadLength(); j++) {
        bytes[(int) (page.payloadStart() + k + j)] ^= (byte) (1 + random.nextInt(255));
      }
      Files.write(mutant, bytes);
      String mode = MODES[m % MODES.length];
      String what = "mutation " + m + " (" + mode + ", " + page + " +" + k + ")";
      try {
        if (!read(mutant, mode).equals(expected.get(mode))) {
          wrong.add(what + ": " + OTHER_ROWS);
        }
      } catch (DendriteReadException e) {
        rejected++;
        if (!e.file().equals(mutant.toString()) || !e.getMessage().startsWith(mutant + ": ")
            || e.rowGroup() < 0 || e.row() < 1) {
          wrong.add(what + ": error without file, row group and row: " + e.getMessage());
        } else if (checksums && !(page.column().equals(e.column())
            && page.rowGroup() == e.rowGroup())) {
          // Every page has a CRC: the damage is found in the damaged page's chunk itself.
          wrong.add(what + ": error not naming the damaged column chunk: " + e.getMessage());
        }
      } catch (RuntimeException e) {
        wrong.add(what + ": " + e);
      }
    }
    if (checksums) {
      assertTrue(rejected > mutations * 2 / 3, "most mutations hit bytes every read uses: "
          + rejected);
    }
    return wrong;
  }

  private Path write(Codec codec) throws Exception {
    Path file = dir.resolve(codec + ".parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, price decimal(10,2), name string, v variant")
        .shredding("v: {user: string, n: int64, tags: [string]}")
        .codec(codec).rowGroupSize(8 * 1024).pageSize(1024).overwrite(true).build()) {
      for (int i = 0; i < 300; i++) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("user", "u" + i % 40);
        v.put("n", i % 13 == 0 ? "x" + i : (Object) (long) i);
        v.put("tags", List.of("t" + i % 3, i % 4 == 0 ? i : (Object) ("t" + i)));
        if (i % 5 == 0) {
          v.put("extra", Map.of("k", i, "s", "e" + i));
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", (long) i);
        row.put("price", BigDecimal.valueOf(i * 37L % 100_000, 2));
        row.put("name", i % 9 == 0 ? null : "name " + i);
        row.put("v", v);
        w.write(row);
      }
    }
    return file;
  }

  private static MessageType schemaOf(Path file) throws Exception {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }

  record Priced(long id, BigDecimal price, String name, VariantValue v) {}

  private static List<String> read(Path file, String mode) throws Exception {
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (mode.equals("parallel")) {
      b.parallelism(2);
    } else if (mode.equals("columns")) {
      b.parallelism(3).parallelColumnBytes(0); // a small file: parallel whatever its bytes
    } else if (mode.equals("selected")) {
      b.select(SELECTION);
    } else if (mode.equals("records")) {
      b.select(Priced.class).parallelism(2);
    }
    List<String> rows = new ArrayList<>();
    try (DendriteReader r = b.build()) {
      if (mode.equals("columns")) {
        for (DendriteBatch batch : r.batches(50)) {
          for (int i = 0; i < batch.size(); i++) {
            rows.add(batch.engine().row(i).toString());
          }
        }
      } else if (mode.equals("records")) {
        for (DendriteRow row : r) {
          Priced p = row.as(Priced.class);
          rows.add(p.id() + " " + p.price() + " " + p.name() + " " + p.v()); // never throws
        }
      } else {
        for (DendriteRow row : r) {
          rows.add(row.toString());
        }
      }
    }
    return rows;
  }
}
