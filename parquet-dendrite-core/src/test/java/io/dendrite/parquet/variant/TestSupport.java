package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.Bytes;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Consumer;

/** Shared helpers for the variant tests. */
public final class TestSupport {
  private TestSupport() {}

  /**
   * The conformance samples directory ({@code <conformance>/variant}). Fails (never skips) when
   * the property or the directory is missing, so a misconfigured build cannot pass silently.
   */
  public static Path variantConformanceDir() {
    String base = System.getProperty("dendrite.conformance.dir");
    assertNotNull(base, "system property dendrite.conformance.dir is not set (the surefire configuration sets it)");
    Path dir = Paths.get(base, "variant");
    assertTrue(Files.isDirectory(dir), "conformance directory is missing: " + dir.toAbsolutePath());
    return dir;
  }

  /** Encodes one variant with a fresh sorting encoder. */
  public static EncodedVariant encode(Consumer<VariantEncoder> body) {
    VariantEncoder enc = new VariantEncoder();
    body.accept(enc);
    return enc.finish();
  }

  /** Encodes a Java value with a fresh encoder. */
  public static EncodedVariant fromJava(Object value) {
    return encode(e -> VariantJava.write(value, e));
  }

  /** Decodes the top-level value of a variant to Java, after full validation. */
  public static Object toJava(EncodedVariant v) {
    v.validate();
    return VariantJava.toJava(v.parsedMetadata(), v.value(), 0);
  }

  public static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  /**
   * Bytes from readable hex: pairs of hex digits; spaces and {@code |} (to mark the parts of a
   * value) are ignored, and {@code "text"} stands for the UTF-8 bytes of the text.
   */
  public static byte[] unhex(String s) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ' || c == '|') {
        continue;
      }
      if (c == '"') {
        int end = s.indexOf('"', i + 1);
        out.writeBytes(s.substring(i + 1, end).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        i = end;
        continue;
      }
      out.write(Integer.parseInt(s.substring(i, i + 2), 16));
      i++;
    }
    return out.toByteArray();
  }

  public static String hex(byte[] b) {
    return Bytes.hex(b, 0, b.length, Integer.MAX_VALUE);
  }
}
