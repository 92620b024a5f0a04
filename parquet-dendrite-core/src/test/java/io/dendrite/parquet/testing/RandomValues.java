package io.dendrite.parquet.testing;

import java.math.BigInteger;
import java.util.Random;

/**
 * Random primitive values with their edge cases over-represented: the extremes of each integer
 * width, NaN, infinities, signed zeros and subnormals, decimals of full precision, and strings
 * that are empty, long, astral or full of characters JSON must escape.
 */
final class RandomValues {
  private static final String[] PIECES = {"a", "Z", "0", " ", "é", "ß", "中", "文", "ключ",
      "\uD83D\uDE00", "\uD834\uDD1E", "\uFB00", "\"", "\\", "\n", "\t", "\u0001", "\u0000",
      "\u2028", "\uFFFD", "/"};
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private RandomValues() {}

  static int intValue(Random r) {
    int roll = r.nextInt(10);
    if (roll == 0) {
      return new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1}[r.nextInt(5)];
    }
    return roll < 6 ? r.nextInt(2001) - 1000 : r.nextInt();
  }

  static long longValue(Random r) {
    int roll = r.nextInt(10);
    if (roll == 0) {
      return new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1}[r.nextInt(5)];
    }
    return roll < 5 ? r.nextInt(2_000_001) - 1_000_000 : r.nextLong();
  }

  /** An int in [min, max], the bounds often. */
  static int intIn(Random r, int min, int max) {
    int roll = r.nextInt(10);
    if (roll == 0) {
      return min;
    }
    if (roll == 1) {
      return max;
    }
    return (int) (min + (long) (r.nextDouble() * ((long) max - min + 1)));
  }

  static float floatValue(Random r) {
    if (r.nextInt(6) == 0) {
      return new float[] {Float.NaN, 0f, -0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
          Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL}[r.nextInt(9)];
    }
    return (float) (r.nextGaussian() * Math.pow(10, r.nextInt(20) - 10));
  }

  static double doubleValue(Random r) {
    if (r.nextInt(6) == 0) {
      return new double[] {Double.NaN, 0d, -0d, Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
          Double.MIN_NORMAL, 0.1}[r.nextInt(10)];
    }
    return r.nextGaussian() * Math.pow(10, r.nextInt(40) - 20);
  }

  /** An unscaled decimal of at most {@code precision} digits, often exactly that many. */
  static BigInteger unscaled(Random r, int precision) {
    BigInteger limit = BigInteger.TEN.pow(precision);
    int roll = r.nextInt(8);
    if (roll == 0) {
      return limit.subtract(BigInteger.ONE);
    }
    if (roll == 1) {
      return limit.subtract(BigInteger.ONE).negate();
    }
    if (roll == 2) {
      return BigInteger.ZERO;
    }
    BigInteger v = new BigInteger(limit.bitLength() + 8, r).mod(limit);
    if (roll > 4) {
      v = v.divide(BigInteger.TEN.pow(r.nextInt(precision))); // fewer digits
    }
    return r.nextBoolean() ? v.negate() : v;
  }

  /** Microseconds since midnight, within one day. */
  static long timeMicros(Random r) {
    int roll = r.nextInt(8);
    if (roll == 0) {
      return 0;
    }
    if (roll == 1) {
      return MICROS_PER_DAY - 1;
    }
    return Math.floorMod(r.nextLong(), MICROS_PER_DAY);
  }

  static byte[] bytes(Random r) {
    int roll = r.nextInt(40);
    byte[] b = new byte[roll < 2 ? 0 : roll == 2 ? 1000 + r.nextInt(3000) : r.nextInt(40)];
    r.nextBytes(b);
    return b;
  }

  /** Text: often short ASCII, sometimes empty, long (several KiB), or made of odd characters. */
  static String string(Random r) {
    int roll = r.nextInt(40);
    if (roll < 2) {
      return "";
    }
    int n = roll == 2 ? 500 + r.nextInt(3000) : r.nextInt(12);
    StringBuilder b = new StringBuilder();
    boolean odd = r.nextInt(3) == 0;
    for (int i = 0; i < n; i++) {
      b.append(odd ? PIECES[r.nextInt(PIECES.length)] : (char) ('a' + r.nextInt(26)));
    }
    return b.toString();
  }
}
