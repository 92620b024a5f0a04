package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Pages compressed by each codec the writer offers ({@code PageCompressor}: the codec libraries
 * called directly) read in DuckDB as the uncompressed file does: typed columns and a shredded
 * variant, several pages and row groups, data page v1 and v2.
 */
class CodecsReadInDuckDbTest {
  @TempDir
  Path dir;

  private Path write(Codec codec, int pageVersion) throws Exception {
    Path file = dir.resolve(codec + "-v" + pageVersion + ".parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, s string, d double, doc variant")
        .shredding("doc: {k: string, n: int64}").codec(codec).pageVersion(pageVersion)
        .rowGroupRows(1_500).pageRows(400).build()) {
      for (int i = 0; i < 4_000; i++) {
        w.write(Map.of("id", (long) i, "s", "text " + (i % 97) + " " + "x".repeat(i % 13),
            "d", i * 0.125, "doc", Map.of("k", "key" + (i % 7), "n", (long) i * i,
                "extra", List.of(i, "e" + i))));
      }
    }
    return file;
  }

  @ParameterizedTest
  @EnumSource(value = Codec.class, names = {"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW"})
  void duckDbReadsWhatTheUncompressedFileHolds(Codec codec) throws Exception {
    for (int pageVersion : new int[] {1, 2}) {
      List<String> expected = WriteEngineDifferentialTest.duckDbRows(write(Codec.NONE,
          pageVersion));
      assertEquals(4_000, expected.size());
      assertEquals(expected, WriteEngineDifferentialTest.duckDbRows(write(codec, pageVersion)),
          codec + ", page v" + pageVersion);
    }
  }
}
