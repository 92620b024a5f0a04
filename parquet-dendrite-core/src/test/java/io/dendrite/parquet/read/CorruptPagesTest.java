package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.ParquetPages;
import io.dendrite.parquet.testing.ParquetPages.Page;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged data pages (DESIGN.md §6): our files carry a CRC on every page and the reader checks
 * it, so a page whose bytes changed either fails with a {@link DendriteReadException} naming the
 * file, row group and row, or (bytes the read does not use) reads exactly the original rows.
 * Never different rows, never another exception type.
 */
class CorruptPagesTest {
  static final List<String> SELECTION = List.of("id", "price", "v.user", "v.n", "v.tags[1]",
      "v.extra");
  /** How each mutant is read, in turn: whole, whole on two threads, selected paths. */
  static final String[] MODES = {"whole", "parallel", "selected"};

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
  @EnumSource(value = Codec.class, names = {"NONE", "SNAPPY"})
  void damagedPagesFailCleanlyAndNeverReadAsOtherRows(Codec codec) throws Exception {
    Path file = write(codec);
    byte[] original = Files.readAllBytes(file);
    List<Page> pages = ParquetPages.of(file);
    long payloadBytes = pages.stream().mapToLong(Page::payloadLength).sum();
    Map<String, List<String>> expected = new LinkedHashMap<>();
    for (String mode : MODES) {
      expected.put(mode, read(file, mode));
    }
    Path mutant = dir.resolve("mutant.parquet");
    Random random = new Random(17 + codec.ordinal());
    List<String> wrong = new ArrayList<>();
    int rejected = 0;
    for (int m = 0; m < 150; m++) {
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
          wrong.add(what + ": read other rows without an error");
        }
      } catch (DendriteReadException e) {
        rejected++;
        if (!e.file().equals(mutant.toString()) || !e.getMessage().startsWith(mutant + ": ")
            || e.rowGroup() < 0 || e.row() < 1) {
          wrong.add(what + ": error without file, row group and row: " + e.getMessage());
        }
      } catch (RuntimeException e) {
        wrong.add(what + ": " + e);
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(rejected > 100, "most mutations hit bytes every read uses: " + rejected);
  }

  private Path write(Codec codec) throws Exception {
    Path file = dir.resolve(codec + ".parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, price decimal(10,2), name string, v variant")
        .shredding("v: {user: string, n: int64, tags: [string]}")
        .codec(codec).rowGroupSize(8 * 1024).pageSize(1024).overwrite(true).build()) {
      for (int i = 0; i < 500; i++) {
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

  private static List<String> read(Path file, String mode) throws Exception {
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (mode.equals("parallel")) {
      b.parallelism(2);
    } else if (mode.equals("selected")) {
      b.select(SELECTION);
    }
    List<String> rows = new ArrayList<>();
    try (DendriteReader r = b.build()) {
      for (DendriteRow row : r) {
        rows.add(row.toString());
      }
    }
    return rows;
  }
}
