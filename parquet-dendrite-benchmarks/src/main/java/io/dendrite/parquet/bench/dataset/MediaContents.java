package io.dendrite.parquet.bench.dataset;

import io.dendrite.parquet.schema.RecordSchema.NotNull;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Random;
import net.datafaker.Faker;

/**
 * The jvm-serializers {@code MediaContent} shape: a media item with a list of persons and a
 * list of images, about 400,000 records at scale 1. Text comes from datafaker (seeded), drawn
 * from pools built once so that generation stays fast; URIs are unique per record.
 */
public final class MediaContents {
  /** Records at scale 1. */
  public static final int RECORDS = 400_000;
  private static final long SEED = 0x6d656469614cL;
  private static final String[] FORMATS = {"video/mpg4", "video/mp4", "video/webm",
      "video/quicktime", "video/x-matroska"};
  private static final int[][] RESOLUTIONS = {{640, 480}, {1280, 720}, {1920, 1080},
      {2560, 1440}, {3840, 2160}, {720, 576}};

  private MediaContents() {}

  public record MediaContent(@NotNull Media media, @NotNull List<@NotNull Image> images) {}

  public record Media(@NotNull String uri, String title, int width, int height,
      @NotNull String format, long duration, long size, int bitrate, boolean hasBitrate,
      @NotNull List<@NotNull String> persons, @NotNull String player, String copyright) {}

  public record Image(@NotNull String uri, String title, int width, int height,
      @NotNull String size) {}

  /** {@code round(RECORDS * scale)} records (at least one), the same ones every time. */
  public static Iterator<MediaContent> generate(double scale) {
    long count = Math.max(1, Math.round(RECORDS * scale));
    Random random = new Random(SEED);
    String[] titles = Pools.TITLES;
    String[] names = Pools.NAMES;
    String[] domains = Pools.DOMAINS;
    String[] words = Pools.WORDS;
    String[] holders = Pools.HOLDERS;
    return new Iterator<>() {
      private long i;

      @Override
      public boolean hasNext() {
        return i < count;
      }

      @Override
      public MediaContent next() {
        if (i >= count) {
          throw new NoSuchElementException();
        }
        long id = i++;
        int[] res = RESOLUTIONS[random.nextInt(RESOLUTIONS.length)];
        List<String> persons = new ArrayList<>();
        for (int p = 1 + random.nextInt(4); p > 0; p--) {
          persons.add(names[random.nextInt(names.length)]);
        }
        boolean hasBitrate = random.nextInt(10) < 7;
        Media media = new Media(uri(random, domains, words, id, "mp4"),
            random.nextInt(10) == 0 ? null : titles[random.nextInt(titles.length)],
            res[0], res[1], FORMATS[random.nextInt(FORMATS.length)],
            60_000L + random.nextInt(7_200_000), 1_000_000L + (random.nextLong() & 0x3fffffffL),
            hasBitrate ? 64 + random.nextInt(20_000) : 0, hasBitrate, persons,
            random.nextBoolean() ? "JAVA" : "FLASH",
            random.nextInt(10) < 6 ? null : "(c) " + holders[random.nextInt(holders.length)]);
        List<Image> images = new ArrayList<>();
        for (int k = 1 + random.nextInt(4); k > 0; k--) {
          boolean large = random.nextBoolean();
          images.add(new Image(uri(random, domains, words, id, "jpg"),
              random.nextInt(10) < 3 ? null : titles[random.nextInt(titles.length)],
              large ? 1024 : 160, large ? 768 : 120, large ? "LARGE" : "SMALL"));
        }
        return new MediaContent(media, images);
      }
    };
  }

  /** Vocabulary from datafaker, built once per JVM from a fixed seed (datafaker is slow). */
  private static final class Pools {
    static final Faker FAKER = new Faker(Locale.ENGLISH, new Random(SEED + 1));
    static final String[] TITLES = pool(2_000, () -> FAKER.book().title());
    static final String[] NAMES = pool(5_000, () -> FAKER.name().fullName());
    static final String[] DOMAINS = pool(500, () -> FAKER.internet().domainName());
    static final String[] WORDS = pool(1_000, () -> FAKER.lorem().word());
    static final String[] HOLDERS = pool(300, () -> FAKER.company().name());
  }

  private static String uri(Random random, String[] domains, String[] words, long id,
      String extension) {
    return "http://" + domains[random.nextInt(domains.length)] + "/"
        + words[random.nextInt(words.length)] + "/" + words[random.nextInt(words.length)] + "-"
        + Long.toHexString(id * 0x9E3779B97F4A7C15L >>> 20) + "." + extension;
  }

  static String[] pool(int size, java.util.function.Supplier<String> value) {
    String[] out = new String[size];
    for (int i = 0; i < size; i++) {
      out[i] = value.get();
    }
    return out;
  }
}
