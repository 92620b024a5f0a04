package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.VariantCasts;
import java.util.Locale;

/** A variant value that cannot be cast to the requested type (see {@link VariantCasts}). */
public final class VariantCastException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private transient VariantValue value;
  private final String target;
  private String message;

  public VariantCastException(String message) {
    super(message);
    this.message = message;
    this.target = null;
  }

  /**
   * A failed cast as {@link VariantCasts} reports it. Readers return null for most failed
   * casts (like {@code try_variant_get}), so this one is cheap: no stack trace (the caller that
   * surfaces it, such as a strict-casts row getter, throws its own) and the message is built
   * only when asked for.
   */
  VariantCastException(VariantValue value, String target) {
    super(null, null, false, false);
    this.value = value;
    this.target = target;
  }

  @Override
  public String getMessage() {
    if (message == null && value != null) {
      String shown = value.toString(); // JSON, or the problem if the bytes are invalid
      if (shown.length() > 60) {
        shown = shown.substring(0, 57) + "...";
      }
      message = "cannot cast " + value.type().name().toLowerCase(Locale.ROOT) + " " + shown
          + " to " + target;
      value = null;
    }
    return message;
  }
}
