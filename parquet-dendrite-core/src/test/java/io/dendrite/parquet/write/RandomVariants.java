package io.dendrite.parquet.write;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Random variant documents for property tests: every primitive type of the spec, objects with
 * unicode keys (including keys whose UTF-8 and UTF-16 orders differ), empty objects and arrays,
 * nulls, occasional very wide objects and very deep nesting. Rows follow a loose common shape
 * (so inference has something to shred) with deviations at every level.
 */
final class RandomVariants {
  static final String[] KEYS = {"id", "name", "score", "price", "when", "tags", "user", "\uFB00",
      "\uD83D\uDE00", "é", "a", "B", "zz", "count", "ratio", "flag", "blob", "uuid", "day",
      "time", "nested"};

  private final Random random;
  private final VariantEncoder encoder = new VariantEncoder(true);

  RandomVariants(long seed) {
    this.random = new Random(seed);
  }

  /** A row mostly shaped like {id:int, name:string, score:double, tags:[string], user:{...}}. */
  EncodedVariant row(int maxWidth, int maxDepth) {
    encoder.reset();
    int roll = random.nextInt(100);
    if (roll < 5) {
      primitive();
    } else if (roll < 8) {
      array(maxWidth, maxDepth, 1);
    } else if (roll < 10) {
      deep(maxDepth);
    } else {
      shapedObject(maxWidth, maxDepth);
    }
    return encoder.finish();
  }

  private void shapedObject(int maxWidth, int maxDepth) {
    encoder.startObject();
    Set<String> used = new LinkedHashSet<>();
    if (random.nextInt(10) > 0) {
      key("id", used);
      if (random.nextInt(20) == 0) {
        encoder.writeString("id-" + random.nextInt(100));
      } else {
        encoder.writeLong(random.nextInt(1 << (random.nextInt(4) * 8 + 6)));
      }
    }
    if (random.nextInt(10) > 1) {
      key("name", used);
      encoder.writeString(string());
    }
    if (random.nextInt(10) > 2) {
      key("score", used);
      if (random.nextInt(10) == 0) {
        encoder.writeNull();
      } else {
        encoder.writeDouble(random.nextGaussian() * 100);
      }
    }
    if (random.nextInt(10) > 3) {
      key("price", used);
      encoder.writeDecimal8(random.nextInt(1_000_000), 2);
    }
    if (random.nextInt(10) > 4) {
      key("tags", used);
      encoder.startArray();
      int n = random.nextInt(5);
      for (int i = 0; i < n; i++) {
        if (random.nextInt(15) == 0) {
          encoder.writeNull();
        } else {
          encoder.writeString("t" + random.nextInt(10));
        }
      }
      encoder.endArray();
    }
    if (random.nextInt(10) > 2) {
      key("user", used);
      encoder.startObject();
      encoder.key("\uFB00");
      encoder.writeString(string());
      encoder.key("\uD83D\uDE00");
      encoder.writeInt32(random.nextInt());
      if (random.nextBoolean()) {
        encoder.key("when");
        encoder.writeTimestamp(random.nextLong() >> 12);
      }
      encoder.endObject();
    }
    int extra = random.nextInt(20) == 0 ? random.nextInt(maxWidth + 1) : random.nextInt(4);
    for (int i = 0; i < extra; i++) {
      String k = random.nextInt(3) == 0 ? KEYS[random.nextInt(KEYS.length)]
          : "k" + random.nextInt(Math.max(1, maxWidth)) + "\u00e9\u4e2d";
      if (used.add(k)) {
        encoder.key(k);
        value(maxWidth / 4, maxDepth, 1);
      }
    }
    encoder.endObject();
  }

  private void key(String k, Set<String> used) {
    used.add(k);
    encoder.key(k);
  }

  private void value(int maxWidth, int maxDepth, int depth) {
    int roll = random.nextInt(10);
    if (depth < maxDepth && roll == 0) {
      object(maxWidth, maxDepth, depth + 1);
    } else if (depth < maxDepth && roll == 1) {
      array(maxWidth, maxDepth, depth + 1);
    } else {
      primitive();
    }
  }

  private void object(int maxWidth, int maxDepth, int depth) {
    encoder.startObject();
    int n = random.nextInt(Math.max(1, Math.min(maxWidth, 8)) + 1);
    Set<String> used = new LinkedHashSet<>();
    for (int i = 0; i < n; i++) {
      String k = KEYS[random.nextInt(KEYS.length)];
      if (used.add(k)) {
        encoder.key(k);
        value(maxWidth, maxDepth, depth);
      }
    }
    encoder.endObject();
  }

  private void array(int maxWidth, int maxDepth, int depth) {
    encoder.startArray();
    int n = random.nextInt(Math.max(1, Math.min(maxWidth, 8)) + 1);
    for (int i = 0; i < n; i++) {
      value(maxWidth, maxDepth, depth);
    }
    encoder.endArray();
  }

  /** A chain of single-field objects and arrays as deep as allowed. */
  private void deep(int maxDepth) {
    int depth = 1 + random.nextInt(maxDepth);
    List<Boolean> kinds = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      boolean object = random.nextBoolean();
      kinds.add(object);
      if (object) {
        encoder.startObject();
        encoder.key(KEYS[random.nextInt(KEYS.length)]);
      } else {
        encoder.startArray();
      }
    }
    primitive();
    for (int i = kinds.size() - 1; i >= 0; i--) {
      if (kinds.get(i)) {
        encoder.endObject();
      } else {
        encoder.endArray();
      }
    }
  }

  private void primitive() {
    switch (random.nextInt(21)) {
      case 0: encoder.writeNull(); break;
      case 1: encoder.writeBoolean(random.nextBoolean()); break;
      case 2: encoder.writeInt8((byte) random.nextInt()); break;
      case 3: encoder.writeInt16((short) random.nextInt()); break;
      case 4: encoder.writeInt32(random.nextInt()); break;
      case 5: encoder.writeInt64(random.nextLong()); break;
      case 6: encoder.writeDouble(random.nextInt(50) == 0 ? Double.NaN : random.nextDouble() * 1e6); break;
      case 7: encoder.writeFloat(random.nextFloat()); break;
      case 8: encoder.writeDecimal4(random.nextInt(999_999_999), random.nextInt(10)); break;
      case 9: encoder.writeDecimal8(random.nextLong() % 999_999_999_999_999_999L, random.nextInt(19)); break;
      case 10: encoder.writeDecimal16(new BigInteger(120, random).subtract(BigInteger.ONE.shiftLeft(119)), random.nextInt(39)); break;
      case 11: encoder.writeDate(random.nextInt(40_000) - 20_000); break;
      case 12: encoder.writeTimestamp(random.nextLong() >> 10); break;
      case 13: encoder.writeTimestampNtz(random.nextLong() >> 10); break;
      case 14: encoder.writeTimestampNanos(random.nextLong() >> 2); break;
      case 15: encoder.writeTimestampNtzNanos(random.nextLong() >> 2); break;
      case 16: encoder.writeTime(Math.floorMod(random.nextLong(), 86_400_000_000L)); break;
      case 17: {
        byte[] b = new byte[random.nextInt(40)];
        random.nextBytes(b);
        encoder.writeBinary(b, 0, b.length);
        break;
      }
      case 18: encoder.writeUuid(new UUID(random.nextLong(), random.nextLong())); break;
      case 19: encoder.writeString(random.nextInt(5) == 0 ? string().repeat(20) : string()); break;
      default: encoder.writeString(""); break;
    }
  }

  private String string() {
    int n = random.nextInt(12);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int kind = random.nextInt(10);
      if (kind == 0) {
        sb.append("\uD83D\uDE00");
      } else if (kind == 1) {
        sb.append((char) (0x4e00 + random.nextInt(100)));
      } else if (kind == 2) {
        sb.append("\"\\\n");
      } else {
        sb.append((char) ('a' + random.nextInt(26)));
      }
    }
    return sb.toString();
  }
}
