package io.dendrite.parquet.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset report on JMH JSON shaped like a real run (fabricated scores). */
class DatasetReportTest {
  @TempDir
  Path dir;

  private static String result(String suite, String method, String mode, double score,
      String params, String counters) {
    return String.format(Locale.ROOT, """
        {"jmhVersion": "1.37", "benchmark": "io.dendrite.parquet.bench.%s.%s", "mode": "%s",
         "threads": 1, "forks": 1, "jvm": "/usr/bin/java", "jvmArgs": ["-Xms4g", "-Xmx4g",
         "-XX:+UseG1GC"], "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
         "vmVersion": "17.0.15+6", "params": {%s},
         "primaryMetric": {"score": %s, "scoreError": 10, "scoreUnit": "ms/op",
           "rawData": [[%s, %s, %s]]},
         "secondaryMetrics": {%s}}""", suite, method, mode, params, score, score + score / 10,
        score, score - score / 10, counters);
  }

  private static String counters(String... nameValue) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      out.add("\"" + nameValue[i] + "\": {\"rawData\": [[" + nameValue[i + 1] + ", "
          + nameValue[i + 1] + "]]}");
    }
    return String.join(", ", out);
  }

  private static String read(String format, double ms, long bytes) {
    return result("DatasetReadBenchmark", "read", "ss", ms, "\"dataset\": \"tpch\", "
        + "\"format\": \"" + format + "\", \"scale\": \"1\"",
        counters("fileBytes", String.valueOf(bytes), "records", "600000"));
  }

  private static String query(String layout, int query, double ms, long columns,
      long largest) {
    return result("DatasetSubSchemaBenchmark", "read", "ss", ms, "\"dataset\": \"tpch\", "
        + "\"layout\": \"" + layout + "\", \"query\": \"" + query + "\", \"scale\": \"1\"",
        counters("fileBytes", "40000000", "columns", String.valueOf(columns),
            "selectedBytes", String.valueOf(largest * 2), "largestColumnBytes",
            String.valueOf(largest), "records", "600000"));
  }

  @Test
  void rendersTargetsTablesFitsAndCharts() throws Exception {
    Files.writeString(dir.resolve("DatasetReadBenchmark.json"), "[" + String.join(",",
        read("dendrite", 1000, 40_000_000), read("dendrite-par", 600, 40_000_000),
        read("dendrite-variant", 1400, 44_000_000), read("parquet-avro", 3000, 40_000_000),
        read("json-gz", 8000, 100_000_000), read("protobuf-lz4", 1500, 90_000_000),
        read("protobuf-lz4-par", 500, 90_000_000)) + "]");
    Files.writeString(dir.resolve("DatasetWriteBenchmark.json"), "[" + String.join(",",
        result("DatasetWriteBenchmark", "write", "ss", 4000, "\"dataset\": \"tpch\", "
            + "\"format\": \"dendrite\", \"scale\": \"1\"",
            counters("fileBytes", "40000000", "records", "600000")),
        result("DatasetWriteBenchmark", "write", "ss", 2000, "\"dataset\": \"tpch\", "
            + "\"format\": \"json-gz\", \"scale\": \"1\"",
            counters("fileBytes", "100000000", "records", "600000"))) + "]");
    // Time = 20 ms + 10 ms/MB of the largest column, exactly: the fit must find it.
    Files.writeString(dir.resolve("DatasetSubSchemaBenchmark.json"), "[" + String.join(",",
        query("dendrite", 0, 30, 1, 1_000_000), query("dendrite", 1, 50, 2, 3_000_000),
        query("dendrite", 2, 120, 51, 10_000_000)) + "]");
    Files.writeString(dir.resolve("DocumentBenchmark.json"), "[" + String.join(",",
        result("DocumentBenchmark", "fromJsonDendrite", "avgt", 900, "\"document\": "
            + "\"twitter\"", counters("encodedBytes", "500000", "jsonBytes", "600000",
            "smileBytes", "450000", "textBytes", "755433")),
        result("DocumentBenchmark", "parseJacksonTree", "avgt", 1200, "\"document\": "
            + "\"twitter\"", "")) + "]");

    List<Path> written = DatasetReport.render(dir, dir.resolve("out"));

    String md = Files.readString(dir.resolve("out").resolve(DatasetReport.REPORT_FILE),
        StandardCharsets.UTF_8);
    // Serial: dendrite 1000 ms beats protobuf-lz4 1500 ms at 40 vs 90 MB: met.
    assertTrue(md.contains("| tpch | best dendrite layout faster than the best row format, at "
        + "a smaller file (serial) | dendrite 1000 ms vs protobuf-lz4 1500 ms (0.67x); file "
        + "0.44x | met |"), md);
    // Parallel: dendrite-par 600 ms loses to protobuf-lz4-par 500 ms.
    assertTrue(md.contains("dendrite-par 600 ms vs protobuf-lz4-par 500 ms (1.20x); file 0.44x "
        + "| **missed** |"), md);
    assertTrue(md.contains("| tpch | VARIANT shredded within 1.5x of typed (time, size) | "
        + "1.40x, 1.10x | met |"), md);
    assertTrue(md.contains("1000 vs 3000 ms (0.33x) | met |"), md);
    assertTrue(md.contains("1-column sub-schema read at least 10x faster than the full read "
        + "(typed) | 30 vs 1000 ms (0.030x) | met |"), md);
    assertTrue(md.contains("| **dendrite** | 40.00 | 0.40x | 1000 (900–1100) | 0.13x | "
        + "4000 (3600–4400) | 2.00x |"), md);
    assertTrue(md.contains("time = 20.0 ms + 10.00 ms/MB x largest column MB (R² 1.00)"), md);
    assertTrue(md.contains("| twitter | 755.4 | 600.0 | 450.0 | 500.0 | 0.83x | 900.0 |"),
        md);
    assertEquals(4, written.size(), written.toString()); // README + 3 charts
    for (Path p : written) {
      if (p.toString().endsWith(".svg")) {
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(p.toFile());
        assertTrue(md.contains("(" + p.getFileName() + ")"), p + " not linked");
      }
    }
  }

  @Test
  void benchReportLeavesTheDatasetSuitesToThisReport() throws Exception {
    Files.writeString(dir.resolve("DatasetReadBenchmark.json"),
        "[" + read("json-gz", 8000, 100_000_000) + "]");
    BenchReport.render(dir);
    String md = Files.readString(dir.resolve(BenchReport.REPORT_FILE), StandardCharsets.UTF_8);
    assertFalse(md.contains("## DatasetReadBenchmark"), md);
    assertFalse(md.contains("json-gz"), md);
  }

  /** A slow first shot (still compiling) moves the mean, not the median the report uses. */
  @Test
  void singleShotsAreScoredByTheirMedian() throws Exception {
    String slowFirst = read("dendrite", 1000, 40_000_000).replace("[[1100.0, 1000.0, 900.0",
        "[[3000.0, 1000.0, 900.0");
    assertTrue(slowFirst.contains("[[3000.0"), slowFirst);
    Files.writeString(dir.resolve("DatasetReadBenchmark.json"), "[" + String.join(",",
        slowFirst, read("json-gz", 8000, 100_000_000)) + "]");
    DatasetReport.render(dir, dir);
    String md = Files.readString(dir.resolve(DatasetReport.REPORT_FILE), StandardCharsets.UTF_8);
    assertTrue(md.contains("| **dendrite** | 40.00 | 0.40x | 1000 (900–3000) | 0.13x |"), md);
  }

  @Test
  void fitsALineByLeastSquares() {
    double[] f = DatasetReport.fit(new double[] {0, 1, 2, 3}, new double[] {1, 3, 5, 7});
    assertEquals(1, f[0], 1e-12);
    assertEquals(2, f[1], 1e-12);
    assertEquals(1, f[2], 1e-12);
    double[] noisy = DatasetReport.fit(new double[] {0, 1, 2}, new double[] {0, 2, 1});
    assertEquals(0.5, noisy[1], 1e-12);
    assertEquals(0.25, noisy[2], 1e-12);
  }
}
