package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaCommandTest {
  @TempDir
  Path dir;

  @Test
  void showsColumnsAsATreeAndVariantsAsShreddedPaths() throws Exception {
    Path file = dir.resolve("f.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(Fixtures.SCHEMA)
        .shredding("payload: {user: {id: int64, name: string}, score: int64, list: [int64], "
            + "extra: variant}")
        .build()) {
      for (Map<String, Object> r : Fixtures.rows()) {
        w.write(r);
      }
    }

    List<String> lines = Cli.run("schema", file.toString()).ok().lines().toList();

    assertTrue(lines.get(0).startsWith(file + ": 3 rows in 1 row group, created by "),
        lines.get(0));
    assertEquals(List.of(
        "id: int64 not null",
        "name: string",
        "price: decimal(10,2)",
        "day: date",
        "tags: list",
        "  tags[]: string",
        "addr: struct",
        "  addr.city: string",
        "  addr.zip: int32",
        "attrs: map",
        "  attrs.key: string not null",
        "  attrs.value: int64",
        "payload: variant (shredded as object)",
        "  payload.user: object (shredded)",
        "  payload.user.id: int64 (shredded)",
        "  payload.user.name: string (shredded)",
        "  payload.score: int64 (shredded)",
        "  payload.list: array (shredded)",
        "  payload.list[]: int64 (shredded)",
        "  payload.extra: value-only"), lines.subList(1, lines.size()));
  }

  @Test
  void unshreddedVariantsAndDirectories() throws Exception {
    Path parts = Files.createDirectories(dir.resolve("t"));
    Fixtures.write(parts.resolve("part-0.parquet"), Fixtures.rows(), true);
    Fixtures.write(parts.resolve("part-1.parquet"), Fixtures.rows().subList(0, 1), true);

    List<String> lines = Cli.run("schema", parts.toString()).ok().lines().toList();

    assertTrue(lines.get(0).startsWith(parts.resolve("part-0.parquet") + ": 3 rows"));
    assertTrue(lines.contains("payload: variant (unshredded: metadata, value)"), lines.toString());
    assertTrue(lines.contains(""), "a blank line between files");
    assertEquals(1, lines.stream().filter(l -> l.startsWith(parts.resolve("part-1.parquet")
        + ": 1 row in 1 row group")).count());
  }

  @Test
  void filesFromOtherWritersIncludingNestedArraysAndInvalidLayouts() throws Exception {
    Path corpus = Cli.conformance();
    // case-136 (parquet-java): a variant shredded as an array of arrays of strings.
    List<String> nested = Cli.run("schema", corpus.resolve("case-136.parquet").toString()).ok()
        .lines().toList();
    assertEquals(List.of("id: int32 not null", "var: variant (shredded as array)",
        "  var[]: array (shredded)", "  var[][]: string (shredded)"),
        nested.subList(1, nested.size()));
    // case-138: a top-level group without a value column.
    assertTrue(Cli.run("schema", corpus.resolve("case-138.parquet").toString()).ok()
        .contains("var: variant not null (shredded as object, no residual value column)"));
    // case-084: shredded fields as optional groups, which the spec forbids; still printed.
    assertTrue(Cli.run("schema", corpus.resolve("case-084-INVALID.parquet").toString()).ok()
        .contains("var: variant (invalid layout: column var.typed_value.a: "));
    try (Stream<Path> files = Files.list(corpus)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        Cli.run("schema", p.toString()).ok();
      }
    }
  }

  @Test
  void failsOnFilesThatAreNotParquet() throws Exception {
    Path text = Files.writeString(dir.resolve("x.parquet"), "PAR1 but not really");
    assertTrue(Cli.run("schema", text.toString()).failed(1)
        .startsWith("dendrite: " + text + ": not a Parquet file"));
    assertEquals("dendrite: " + dir.resolve("none") + ": no such file or directory",
        Cli.run("schema", dir.resolve("none").toString()).failed(1));
    assertEquals(2, Cli.run("schema").exitCode());
  }
}
