package io.dendrite.parquet.variant;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.dendrite.parquet.testing.FuzzInputs;
import io.dendrite.parquet.testing.HangGuard;
import io.dendrite.parquet.testing.VariantInvariants;
import java.time.Duration;

/**
 * Fuzzes the variant decoder with any bytes (issue 11, "Fuzzing"): the first input byte is the
 * metadata's length, the next bytes are the metadata and the rest is the value. The invariants
 * are {@link VariantInvariants}'s.
 *
 * <p>{@code mvn test} replays the committed inputs (seeds and every crash found) under
 * {@code src/test/resources/io/dendrite/parquet/variant/VariantDecoderFuzzTestInputs/decode};
 * {@code dev/fuzz decoder 10m} fuzzes for real and adds new crashes there.
 */
class VariantDecoderFuzzTest {
  /** One input, under a hang limit ({@link HangGuard}) both when fuzzing and replaying. */
  @FuzzTest
  void decode(byte[] input) throws Throwable {
    HangGuard.run(Duration.ofSeconds(5), "decoding " + input.length + " input bytes",
        () -> VariantInvariants.check(FuzzInputs.decoderMetadata(input),
            FuzzInputs.decoderValue(input)));
  }
}
