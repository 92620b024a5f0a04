package io.dendrite.parquet.shred.internal;

import com.fasterxml.jackson.core.JsonParser;
import io.dendrite.parquet.variant.internal.Utf8;
import java.io.IOException;
import org.apache.parquet.io.api.Binary;

/**
 * The UTF-8 bytes of JSON string tokens, one at a time in a reused buffer: the bytes
 * {@code String.getBytes(UTF_8)} and the variant encoder make of the text (a lone surrogate as
 * {@code '?'}), without a String.
 */
public final class TokenUtf8 {
  private byte[] bytes = new byte[64];

  private int length;

  /** The current token's text as UTF-8; valid until the next call. */
  public Binary of(JsonParser p) throws IOException {
    return Binary.fromReusedByteArray(encode(p), 0, length);
  }

  /**
   * Encodes the current token's text into the returned buffer, whose first {@link #length()}
   * bytes it is until the next call.
   */
  public byte[] encode(JsonParser p) throws IOException {
    int n = p.getTextLength();
    if (bytes.length < n * Utf8.MAX_BYTES_PER_CHAR) {
      bytes = new byte[Math.max(n * Utf8.MAX_BYTES_PER_CHAR, bytes.length * 2)];
    }
    length = Utf8.encode(p.getTextCharacters(), p.getTextOffset(), n, bytes, 0);
    return bytes;
  }

  /** The bytes of the last {@link #encode}. */
  public int length() {
    return length;
  }
}
