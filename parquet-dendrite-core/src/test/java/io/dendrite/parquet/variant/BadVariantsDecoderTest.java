package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.testing.BadVariants;
import io.dendrite.parquet.testing.BadVariants.Sample;
import io.dendrite.parquet.testing.HangGuard;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hand-made values of issue 11 ({@link BadVariants}) through the decoder, readably (the fuzz
 * target replays them too): each invalid value is rejected by {@code validate()} and by every
 * decoder with a {@link VariantFormatException}, without hanging; the unsorted DuckDB-style
 * object is tolerated and every field is found by name.
 */
class BadVariantsDecoderTest {
  private static final Duration HANG_LIMIT = Duration.ofSeconds(5);

  static Stream<Named<Sample>> invalid() {
    return BadVariants.invalid().stream().map(s -> Named.of(s.name(), s));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalidValueIsRejectedByValidateAndEveryDecoder(Sample s) throws Throwable {
    VariantValue v = VariantValue.of(s.metadata(), s.value());
    HangGuard.run(HANG_LIMIT, s.name() + " validate()",
        () -> assertThrows(VariantFormatException.class, v::validate, s.what()));
    HangGuard.run(HANG_LIMIT, s.name() + " toJson()",
        () -> assertThrows(VariantFormatException.class, v::toJson, s.what()));
    HangGuard.run(HANG_LIMIT, s.name() + " toJson(SPARK)", () -> assertThrows(
        VariantFormatException.class, () -> v.toJson(JsonStyle.SPARK), s.what()));
    HangGuard.run(HANG_LIMIT, s.name() + " toJava()",
        () -> assertThrows(VariantFormatException.class, v::toJava, s.what()));
    HangGuard.run(HANG_LIMIT, s.name() + " hashCode()",
        () -> assertThrows(VariantFormatException.class, v::hashCode, s.what()));
  }

  /** Item 1: tolerated, and lookups by name find what the whole value shows. */
  @Test
  void unsortedObjectIsToleratedAndEveryFieldIsFound() throws Throwable {
    Sample s = BadVariants.unsortedObject();
    VariantValue v = VariantValue.of(s.metadata(), s.value());
    HangGuard.run(HANG_LIMIT, "unsorted object", () -> {
      v.validate();
      assertEquals(3, v.keys().size(), "keys " + v.keys());
      assertEquals(Set.of("zeta", "alpha", "user"), Set.copyOf(v.keys()));
      for (Map.Entry<String, String> p : BadVariants.unsortedObjectPaths().entrySet()) {
        VariantValue field = v;
        for (String key : p.getKey().split("\\.")) {
          field = field.field(key);
          assertNotNull(field, "field '" + key + "' of " + p.getKey());
        }
        assertEquals(p.getValue(), field.toJson(), p.getKey());
      }
    });
  }
}
