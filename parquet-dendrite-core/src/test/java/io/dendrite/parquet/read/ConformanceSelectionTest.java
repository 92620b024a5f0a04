package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * For every valid case of the shredded conformance corpus: selecting each key path of the
 * expected variants (top-level keys, nested keys, array elements, plus a key that exists
 * nowhere) gives what navigating the expected variant gives. The files were written by other
 * implementations, each with its own shredding, so this exercises per-file planning.
 */
class ConformanceSelectionTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void selectedPathsMatchTheExpectedVariants() throws Exception {
    Path dir = ShreddedConformanceTest.corpus();
    JsonNode cases = JSON.readTree(dir.resolve("cases.json").toFile());
    int filesChecked = 0;
    int comparisons = 0;
    List<String> failures = new ArrayList<>();
    for (JsonNode c : cases) {
      if (!c.has("parquet_file") || c.has("error_message")
          || c.get("parquet_file").asText().contains("INVALID")) {
        continue;
      }
      Path file = dir.resolve(c.get("parquet_file").asText());
      List<VariantValue> expected = new ArrayList<>();
      if (c.has("variant_files")) {
        for (JsonNode f : c.get("variant_files")) {
          expected.add(f.isNull() ? null : load(dir.resolve(f.asText())));
        }
      } else {
        expected.add(load(dir.resolve(c.get("variant_file").asText())));
      }
      Set<String> paths = new LinkedHashSet<>();
      for (VariantValue v : expected) {
        collectPaths(v, "var", 0, paths);
      }
      paths.add("var.no_such_key");
      paths.add("var[0]");
      List<String> selection = new ArrayList<>(paths);
      try (DendriteReader r = DendriteReader.builder(file).select(selection).build()) {
        for (int row = 0; row < expected.size(); row++) {
          DendriteRow got = r.read();
          for (String path : selection) {
            Object want = ProjectionPropertyTest.navigate(expected.get(row), path);
            Object have = got.get(path);
            comparisons++;
            if (want == ProjectionPropertyTest.MISSING ? have != null : !want.equals(have)) {
              failures.add("case " + c.get("case_number").asInt() + " row " + row + " " + path
                  + ": expected " + (want == ProjectionPropertyTest.MISSING ? "missing" : want)
                  + ", got " + have);
            }
          }
        }
        assertEquals(null, r.read());
      }
      filesChecked++;
    }
    System.out.printf("conformance selections: %d files, %d path comparisons, %d failures%n",
        filesChecked, comparisons, failures.size());
    assertTrue(filesChecked >= 120, "expected the whole corpus, checked " + filesChecked);
    assertEquals(List.of(), failures);
  }

  private static VariantValue load(Path file) throws Exception {
    EncodedVariant ev = ShreddedConformanceTest.split(Files.readAllBytes(file));
    return VariantValue.of(ev);
  }

  private static void collectPaths(VariantValue v, String prefix, int depth, Set<String> out) {
    if (v == null || depth > 6) {
      return;
    }
    if (v.type() == VariantType.OBJECT) {
      for (String key : v.keys()) {
        String path = prefix + "." + FieldPath.quote(key);
        out.add(path);
        collectPaths(v.field(key), path, depth + 1, out);
      }
    } else if (v.type() == VariantType.ARRAY) {
      for (int i = 0; i < Math.min(v.arraySize(), 3); i++) {
        String path = prefix + "[" + i + "]";
        out.add(path);
        collectPaths(v.element(i), path, depth + 1, out);
      }
    }
  }
}
