package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddingSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InferCommandTest {
  @TempDir
  Path dir;

  @Test
  void printsTheShreddingConvertChoosesInTheFormShredReads() throws Exception {
    List<String> lines = ConvertCommandTest.events(500);
    Path in = ConvertCommandTest.write(dir.resolve("events.jsonl"), lines);

    String printed = Cli.run("infer", in.toString(), "--variant", "payload").ok();
    Path auto = dir.resolve("auto.parquet");
    Cli.run("convert", in.toString(), auto.toString(), "--variant", "payload").ok();

    assertTrue(printed.startsWith("# shredding inferred from 500 rows of " + in), printed);
    assertTrue(printed.contains("# columns: id int64, price double, ok boolean, maybe int64, "
        + "payload variant, name string\n"), printed);
    ShreddingSchema inferred = ShreddingSchema.parse(printed);
    assertEquals(ConvertCommandTest.shredding(auto), inferred);
    assertEquals(ShreddingSchema.parse("payload: {score: int16, tags: [string], user: string}"),
        inferred);

    Path file = Files.writeString(dir.resolve("shred.txt"), printed);
    Path given = dir.resolve("given.parquet");
    Cli.run("convert", in.toString(), given.toString(), "--variant", "payload", "--shred",
        file.toString()).ok();
    assertEquals(inferred, ConvertCommandTest.shredding(given));
  }

  @Test
  void wholeLinesAndInputsWithoutVariants() throws Exception {
    Path docs = ConvertCommandTest.write(dir.resolve("docs.jsonl"), List.of(
        "{\"k\": 1, \"s\": \"a\"}", "{\"k\": 2, \"s\": \"b\"}", "[1]", "{\"k\": 300}"));
    String printed = Cli.run("infer", docs.toString(), "--variant", "*").ok();
    assertEquals(ShreddingSchema.parse("v: {k: int16, s: string}"),
        ShreddingSchema.parse(printed));

    String none = Cli.run("infer", docs.toString().replace("docs", "docs"), "--skip-invalid")
        .ok();
    assertTrue(none.contains("# columns: k int64, s string\n# no VARIANT column"), none);
    assertTrue(ShreddingSchema.parse(none).isEmpty());
  }

  @Test
  void failsOnMalformedInput() throws Exception {
    Path bad = ConvertCommandTest.write(dir.resolve("bad.jsonl"), List.of("{\"a\": 1}",
        "{\"a\": [1, }"));
    assertTrue(Cli.run("infer", bad.toString(), "--variant", "a").failed(1)
        .startsWith("dendrite: " + bad + ": line 2: malformed JSON"));
    assertEquals("dendrite: " + dir.resolve("no.jsonl") + ": no such file or directory",
        Cli.run("infer", dir.resolve("no.jsonl").toString()).failed(1));
  }
}
