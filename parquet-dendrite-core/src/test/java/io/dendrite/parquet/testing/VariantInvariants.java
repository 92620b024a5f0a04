package io.dendrite.parquet.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantCasts;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What must hold for any bytes given to the variant decoder (issue 11, "Fuzzing"):
 * <ul>
 *   <li>only {@link VariantFormatException} escapes (a typed cast may also throw
 *       {@link VariantCastException}); any other exception is rethrown unchanged, so a fuzzer
 *       sees (and deduplicates) it by its own stack trace;</li>
 *   <li>{@code validate()} succeeds if and only if {@code toJson()} (both styles),
 *       {@code toJava()} and {@code hashCode()} do: one validation, matching the decoders;</li>
 *   <li>output is bounded linearly by the input: JSON text and the Java tree grow at most by
 *       a constant per value byte (times the longest key, which many fields may repeat);</li>
 *   <li>a valid value equals a copy of itself and its re-encoding ({@code toEncoded()}), which
 *       validates, with equal hash codes; navigation ({@code keys()}, {@code field()},
 *       {@code element()}) finds every key and element {@code toJava()} shows, with the same
 *       values, and no key twice.</li>
 * </ul>
 * Hangs are the caller's to catch ({@link HangGuard}).
 */
public final class VariantInvariants {
  /** Output characters (or Java nodes) allowed per value byte, before the key-length factor. */
  private static final long CHARS_PER_BYTE = 16;
  /** Nodes navigated per value, so a walk over an invalid value cannot explode. */
  private static final int WALK_BUDGET = 256;
  /** Stands in for a Java null (a variant null) as the expected value of a valid node. */
  private static final Object NULL = new Object();

  private VariantInvariants() {}

  /**
   * Checks every invariant on one (metadata, value) pair, as a reader gets them from two cells.
   *
   * @return true when the pair validated (so every other operation had to succeed)
   */
  public static boolean check(byte[] metadata, byte[] value) {
    Outcome<VariantValue> parsed = attempt(() -> VariantValue.of(metadata, value));
    if (!parsed.ok()) {
      return false; // metadata rejected when parsed: nothing else to decode
    }
    return checkView(parsed.value);
  }

  /**
   * Checks a value a reader returned: it must validate, and then pass every invariant.
   *
   * @param where the file, row and path it was read from, for the message
   */
  public static void checkReturned(VariantValue v, String where) {
    try {
      v.validate();
    } catch (VariantFormatException e) {
      // No cause: the fuzzer deduplicates findings by stack trace, and this is one finding
      // whichever check of the validator failed.
      fail(where + ": the reader returned a value that does not validate: " + e.getMessage());
    }
    checkView(v);
  }

  private static boolean checkView(VariantValue v) {
    Outcome<VariantValue> validated = attempt(v::validate);
    boolean valid = validated.ok();
    String verdict = valid ? "validate() accepted the value"
        : "validate() rejected the value (" + validated.error.getMessage() + ")";

    Outcome<String> json = attempt(v::toJson);
    Outcome<String> exact = attempt(() -> v.toJson(JsonStyle.EXACT));
    Outcome<String> spark = attempt(() -> v.toJson(JsonStyle.SPARK));
    Outcome<Object> java = attempt(v::toJava);
    Outcome<Integer> hash = attempt(v::hashCode);
    agrees(valid, verdict, "toJson()", json);
    agrees(valid, verdict, "toJson(EXACT)", exact);
    agrees(valid, verdict, "toJson(SPARK)", spark);
    agrees(valid, verdict, "toJava()", java);
    agrees(valid, verdict, "hashCode()", hash);

    VariantValue copy = VariantValue.of(VariantMetadata.parse(v.metadata().toByteArray()),
        v.valueBytes().clone(), v.pos());
    Outcome<Boolean> equalsCopy = attempt(() -> v.equals(copy));
    if (!valid) {
      walk(v, null, new int[] {WALK_BUDGET}); // must not throw anything but the two exceptions
      return false;
    }
    long bound = outputBound(v.metadata(), VariantBinary.valueSize(v.valueBytes(), v.pos()));
    assertBounded("toJson()", json.value.length(), bound);
    assertBounded("toJson(SPARK)", spark.value.length(), bound);
    assertBounded("toJava() nodes", nodes(java.value), bound);
    assertEquals(json.value, exact.value, "toJson() is toJson(EXACT)");

    assertTrue(equalsCopy.ok() && equalsCopy.value, "a valid value equals a copy of its bytes");
    assertEquals(hash.value, copy.hashCode(), "equal copies hash alike");
    EncodedVariant encoded = v.toEncoded();
    attempt(encoded::validate).orFail("the re-encoding (toEncoded) of a valid value validates");
    VariantValue reencoded = VariantValue.of(encoded);
    assertTrue(v.equals(reencoded) && reencoded.equals(v),
        () -> "a valid value equals its re-encoding: " + json.value + " vs " + reencoded.toJson());
    assertEquals(hash.value, reencoded.hashCode(), "a value and its re-encoding hash alike");

    walk(v, java.value, new int[] {WALK_BUDGET});
    return true;
  }

  /**
   * Navigates {@code v} within a node budget and casts every node visited. With
   * {@code expected} (the value's {@code toJava()}), every key and element must be found and
   * equal what the whole-value decode shows, and no operation may fail.
   */
  private static void walk(VariantValue v, Object expected, int[] budget) {
    if (--budget[0] < 0) {
      return;
    }
    casts(v, expected != null);
    Outcome<VariantType> type = attempt(v::type);
    if (!type.ok()) {
      return;
    }
    if (type.value == VariantType.OBJECT) {
      Outcome<List<String>> keys = attempt(v::keys);
      if (!keys.ok()) {
        return;
      }
      Map<?, ?> map = expected instanceof Map ? (Map<?, ?>) expected : null;
      Set<String> seen = new HashSet<>();
      for (String key : keys.value) {
        if (map != null) {
          assertTrue(seen.add(key), () -> "key '" + key + "' appears twice in " + keys.value);
        }
        Outcome<VariantValue> field = attempt(() -> v.field(key));
        if (map != null) {
          assertTrue(field.ok() && field.value != null,
              () -> "field('" + key + "') finds the key keys() lists: " + keys.value);
          Object whole = map.get(key);
          Object byField = field.value.toJava();
          assertTrue(javaEqual(whole, byField), () -> "field('" + key + "') is " + byField
              + " but the whole value holds " + whole);
          walk(field.value, whole == null ? NULL : whole, budget);
        } else if (field.ok() && field.value != null) {
          walk(field.value, null, budget);
        }
      }
      Outcome<VariantValue> absent = attempt(() -> v.field("\u0000no such key"));
      if (map != null) {
        assertTrue(absent.ok() && absent.value == null, "a key not in the object is null");
        assertEquals(keys.value.size(), map.size(), "toJava() has one entry per key");
      }
    } else if (type.value == VariantType.ARRAY) {
      Outcome<Integer> size = attempt(v::arraySize);
      if (!size.ok()) {
        return;
      }
      List<?> list = expected instanceof List ? (List<?>) expected : null;
      if (list != null) {
        assertEquals(list.size(), size.value, "arraySize() is toJava()'s size");
      }
      for (int i = 0; i < size.value && budget[0] > 0; i++) {
        int index = i;
        Outcome<VariantValue> element = attempt(() -> v.element(index));
        if (list != null) {
          Object whole = list.get(i);
          Object byIndex = element.orFail("element(" + i + ")").toJava();
          assertTrue(javaEqual(whole, byIndex),
              () -> "element(" + index + ") is " + byIndex + " but the whole value holds " + whole);
          walk(element.value, whole == null ? NULL : whole, budget);
        } else if (element.ok()) {
          walk(element.value, null, budget);
        }
      }
    }
  }

  /** Every typed cast: a value or VariantCastException (VariantFormatException if invalid). */
  private static void casts(VariantValue v, boolean valid) {
    List<Function<VariantValue, ?>> all = List.of(VariantCasts::toText, VariantCasts::toLong,
        VariantCasts::toInt, VariantCasts::toDouble, VariantCasts::toDecimal,
        VariantCasts::toBoolean, VariantCasts::toInstant, VariantCasts::toLocalDate);
    for (Function<VariantValue, ?> cast : all) {
      try {
        cast.apply(v);
      } catch (VariantCastException expected) {
        // a failed cast: documented
      } catch (VariantFormatException e) {
        if (valid) {
          fail("a cast of a valid value failed: " + e.getMessage());
        }
      }
    }
  }

  /** Most output characters or Java nodes a value of {@code valueLength} bytes may produce. */
  private static long outputBound(VariantMetadata m, int valueLength) {
    long longestKey = 0;
    try {
      for (int id = 0; id < m.size(); id++) {
        longestKey = Math.max(longestKey, m.keyLength(id));
      }
    } catch (VariantFormatException e) {
      longestKey = m.length();
    }
    // A field costs at least 2 value bytes (id, offset) and prints its key escaped (<= 6 each).
    return 64 + CHARS_PER_BYTE * valueLength * (1 + 6 * longestKey);
  }

  private static void assertBounded(String what, long size, long bound) {
    assertTrue(size <= bound, () -> what + " produced " + size + " characters/nodes, more than "
        + bound + " for its input: expansion beyond the input's bytes");
  }

  /** Nodes and string characters of a toJava() tree. */
  private static long nodes(Object o) {
    if (o instanceof Map) {
      long n = 1;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
        n += ((String) e.getKey()).length() + nodes(e.getValue());
      }
      return n;
    }
    if (o instanceof List) {
      long n = 1;
      for (Object e : (List<?>) o) {
        n += nodes(e);
      }
      return n;
    }
    return o instanceof String ? 1 + ((String) o).length() : 1;
  }

  /** Equality of toJava() trees, comparing byte[] by content. */
  private static boolean javaEqual(Object a, Object b) {
    if (a == NULL) {
      a = null;
    }
    if (a instanceof byte[] && b instanceof byte[]) {
      return Arrays.equals((byte[]) a, (byte[]) b);
    }
    if (a instanceof Map && b instanceof Map) {
      Map<?, ?> x = (Map<?, ?>) a;
      Map<?, ?> y = (Map<?, ?>) b;
      return x.size() == y.size() && x.entrySet().stream()
          .allMatch(e -> y.containsKey(e.getKey()) && javaEqual(e.getValue(), y.get(e.getKey())));
    }
    if (a instanceof List && b instanceof List) {
      List<?> x = (List<?>) a;
      List<?> y = (List<?>) b;
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!javaEqual(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    return Objects.equals(a, b);
  }

  private static void agrees(boolean valid, String verdict, String op, Outcome<?> outcome) {
    if (valid != outcome.ok()) {
      fail(verdict + ", but " + op + (outcome.ok() ? " succeeded" : " failed: "
          + outcome.error.getMessage())); // no cause, for one finding per disagreement
    }
  }

  /** Runs {@code op}; VariantFormatException is an outcome, any other exception escapes. */
  private static <T> Outcome<T> attempt(Supplier<T> op) {
    try {
      return new Outcome<>(op.get(), null);
    } catch (VariantFormatException e) {
      return new Outcome<>(null, e);
    }
  }

  /** A result or the VariantFormatException that replaced it. */
  private record Outcome<T>(T value, VariantFormatException error) {
    boolean ok() {
      return error == null;
    }

    T orFail(String what) {
      if (error != null) {
        fail(what + " failed on a valid value: " + error.getMessage());
      }
      return value;
    }
  }
}
