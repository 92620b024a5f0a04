package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.filter.FilterOracle;
import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;

/**
 * Filtered reads of every valid file of the shredded conformance corpus (written by other
 * implementations, each with its own layout: top-level typed primitives, arrays, objects with
 * missing value or typed_value columns, required groups) return exactly a full scan's rows,
 * for filters on each shredded path, unshredded paths, and random combinations.
 */
class ConformanceFilterTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void filteredReadsEqualFullScansOnEveryLayout() throws Exception {
    Path dir = ShreddedConformanceTest.corpus();
    int files = 0;
    for (JsonNode c : JSON.readTree(dir.resolve("cases.json").toFile())) {
      if (!c.has("parquet_file") || c.has("error_message")
          || c.get("parquet_file").asText().contains("INVALID")) {
        continue;
      }
      Path file = dir.resolve(c.get("parquet_file").asText());
      Set<String> pool = new LinkedHashSet<>(List.of("id", "var", "var.a", "var[0]", "var[*]"));
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
        ShreddedType t = VariantSchemas.shreddedTypeOf(
            r.getFooter().getFileMetaData().getSchema().getType("var").asGroupType());
        collect(t, "var", pool);
      }
      FilterOracle oracle = new FilterOracle(file, List.of("id", "var"), List.copyOf(pool),
          c.get("case_number").asInt());
      int k = 0;
      for (String p : pool) {
        k++;
        oracle.check(Filter.parse(p + (k % 2 == 0 ? " > 0" : " = 'a'")));
        if (!p.contains("[*]")) {
          oracle.check(Filter.parse(p + (k % 2 == 0 ? " is null" : " is not missing")));
        }
      }
      oracle.check(2, 2);
      files++;
    }
    assertTrue(files >= 120, "expected the whole corpus, checked " + files);
  }

  /** The shredded paths of a layout: object fields, and array elements as [0] and [*]. */
  private static void collect(ShreddedType t, String path, Set<String> out) {
    if (t instanceof ShreddedObject o) {
      for (Map.Entry<String, ShreddedType> e : o.fields().entrySet()) {
        String child = path + "." + FieldPath.quote(e.getKey());
        out.add(child);
        collect(e.getValue(), child, out);
      }
    } else if (t instanceof ShreddedArray a) {
      out.add(path + "[0]");
      out.add(path + "[*]");
      collect(a.element(), path + "[0]", out);
    }
  }
}
