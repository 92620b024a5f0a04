package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Differential on files DuckDB 2.0 writes (through its JDBC driver): with {@code
 * PARQUET_VERSION v2} it uses DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and BYTE_STREAM_SPLIT
 * (in data pages v1), with v1 PLAIN and dictionaries; nested lists, structs and maps with nulls.
 * Every leaf column reads through our {@link ColumnChunkReader} to exactly the levels and values
 * of parquet-java's {@code ColumnReaderImpl}.
 */
class DuckDbFilesTest {
  /** Pseudo-random but fixed data: DuckDB's hash of the row number. */
  private static final String QUERY = "SELECT i AS id,"
      + " CASE WHEN i % 7 = 0 THEN NULL ELSE (hash(i) % 100000)::INTEGER - 50000 END AS n32,"
      + " (hash(i) >> 2)::BIGINT - 2305843009213693952 AS big,"
      + " (hash(i) % 1000000)::DOUBLE / 7 AS dbl,"
      + " CASE WHEN i % 13 = 0 THEN NULL ELSE ((hash(i) % 100000)::FLOAT / 3)::FLOAT END AS flt,"
      + " CASE WHEN i % 5 = 0 THEN NULL ELSE 'str ü ' || (hash(i) % 100000)::VARCHAR END AS s,"
      + " CASE WHEN i % 9 = 0 THEN '' ELSE repeat('x', (i % 17)::INTEGER) END AS padded,"
      + " CASE WHEN i % 11 = 0 THEN NULL WHEN i % 3 = 0 THEN [] ELSE [i, NULL, hash(i) % 1000]"
      + " END AS lst,"
      + " CASE WHEN i % 4 = 0 THEN NULL ELSE [[i::INTEGER, NULL], [], NULL] END AS nested,"
      + " {'a': i, 'b': CASE WHEN i % 2 = 0 THEN NULL ELSE 'x' || i::VARCHAR END} AS st,"
      + " CASE WHEN i % 6 = 0 THEN NULL ELSE [{'k': 'q' || (i % 3)::VARCHAR, 'v': i % 5}] END"
      + " AS structs,"
      + " CASE WHEN i % 8 = 0 THEN NULL ELSE MAP {'k1': i, 'k2': NULL} END AS m,"
      + " (hash(i) % 100000)::DECIMAL(18,3) AS dec18,"
      + " (hash(i) % 100000)::DECIMAL(38,10) AS dec38,"
      + " CASE WHEN i % 10 = 0 THEN NULL ELSE i % 3 = 0 END AS flag,"
      + " ('00000000-0000-0000-0000-' || lpad((hash(i) % 1000000)::VARCHAR, 12, '0'))::UUID AS u,"
      + " (TIMESTAMP '2020-01-01' + INTERVAL (i) SECOND) AS ts,"
      + " 'cat' || (i % 10)::VARCHAR AS lowcard"
      + " FROM range(0, 30000) t(i)";

  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({"v2, zstd", "v2, snappy", "v1, gzip", "v1, uncompressed"})
  void everyLeafColumnEqualsParquetJavasColumnReader(String version, String codec)
      throws Exception {
    Path file = dir.resolve("duckdb-" + version + "-" + codec + ".parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads = 1");
      s.execute("COPY (" + QUERY + ") TO '" + file + "' (FORMAT parquet, PARQUET_VERSION "
          + version + ", COMPRESSION " + codec + ", ROW_GROUP_SIZE 12000)");
    }
    Set<Encoding> encodings = EnumSet.noneOf(Encoding.class);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      assertTrue(r.getRowGroups().size() > 1, "several row groups");
      for (BlockMetaData block : r.getRowGroups()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          encodings.addAll(chunk.getEncodings());
        }
      }
    }
    Set<Encoding> expected = version.equals("v2")
        ? EnumSet.of(Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_LENGTH_BYTE_ARRAY,
            Encoding.BYTE_STREAM_SPLIT, Encoding.RLE_DICTIONARY, Encoding.PLAIN)
        : EnumSet.of(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY);
    assertTrue(encodings.containsAll(expected), "DuckDB wrote " + encodings);

    Random random = new Random(41);
    int[] sizes = {1, 5, 100, 999, 4096, 20000};
    List<Map<ColumnDescriptor, List<String>>> ours = ChunkEntries.ours(file,
        () -> sizes[random.nextInt(sizes.length)], b -> { });
    List<Map<ColumnDescriptor, List<String>>> reference = ChunkEntries.reference(file);
    assertEquals(reference.size(), ours.size());
    for (int g = 0; g < reference.size(); g++) {
      for (ColumnDescriptor c : reference.get(g).keySet()) {
        assertEquals(reference.get(g).get(c), ours.get(g).get(c), c + " in row group " + g);
      }
    }
  }
}
