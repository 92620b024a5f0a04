package io.dendrite.parquet.bench.dataset;

import io.dendrite.parquet.schema.RecordSchema.NotNull;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Random;
import net.datafaker.Faker;

/**
 * User events: about 30,000 users at scale 1, each over 10 KB as JSON on average, nested four
 * levels deep through repeated structures (user, devices, connections, events). Most strings
 * are unique (ids, URLs, addresses, free text), so dictionaries do not help them; optional
 * fields are blank between 5% and 80% of the time. Seeded; vocabulary from datafaker pools.
 */
public final class UserEvents {
  /** Records at scale 1. */
  public static final int RECORDS = 30_000;
  private static final long SEED = 0x7573657273L;
  private static final String[] EVENT_TYPES = {"page_view", "click", "scroll", "search",
      "add_to_cart", "remove_from_cart", "checkout", "purchase", "login", "logout", "share",
      "video_play"};
  private static final String[] NETWORKS = {"wifi", "4g", "5g", "3g", "ethernet"};
  private static final String[] OSES = {"android", "ios", "windows", "macos", "linux"};

  private UserEvents() {}

  public record User(long id, @NotNull String name, @NotNull String email, String country,
      @NotNull String locale, @NotNull LocalDate signupDate, String bio,
      @NotNull List<@NotNull Device> devices) {}

  public record Device(@NotNull String deviceId, @NotNull String os, String osVersion, String model,
      @NotNull String userAgent, String pushToken,
      @NotNull List<@NotNull Connection> connections) {}

  public record Connection(@NotNull String connectionId, @NotNull String ip, String network,
      String carrier, long startedAt, Long endedAt, @NotNull List<@NotNull Event> events) {}

  public record Event(@NotNull String eventId, @NotNull String type, long timestamp,
      @NotNull String url, String referrer, String message, Integer durationMs, Double value,
      @NotNull List<@NotNull String> tags) {}

  /** {@code round(RECORDS * scale)} users (at least one), the same ones every time. */
  public static Iterator<User> generate(double scale) {
    long count = Math.max(1, Math.round(RECORDS * scale));
    Random r = new Random(SEED);
    String[] names = Pools.NAMES;
    String[] domains = Pools.DOMAINS;
    String[] words = Pools.WORDS;
    String[] agents = Pools.AGENTS;
    String[] countries = Pools.COUNTRIES;
    String[] locales = Pools.LOCALES;
    String[] models = Pools.MODELS;
    String[] carriers = Pools.CARRIERS;
    String[] sentences = Pools.SENTENCES;
    return new Iterator<>() {
      private long i;

      @Override
      public boolean hasNext() {
        return i < count;
      }

      @Override
      public User next() {
        if (i >= count) {
          throw new NoSuchElementException();
        }
        long id = 1_000_000 + i++;
        String name = pick(r, names);
        long start = 1_600_000_000_000L + (r.nextLong() & 0xfffffffffL);
        List<Device> devices = new ArrayList<>();
        for (int d = 1 + r.nextInt(3); d > 0; d--) {
          devices.add(device(start));
        }
        return new User(id, name,
            name.toLowerCase(Locale.ROOT).replace(' ', '.').replace("'", "") + id + "@"
                + pick(r, domains),
            blank(5) ? null : pick(r, countries), pick(r, locales),
            LocalDate.ofEpochDay(15_000 + r.nextInt(5_000)),
            blank(70) ? null : sentence() + " " + sentence(), devices);
      }

      private Device device(long start) {
        List<Connection> connections = new ArrayList<>();
        for (int c = 1 + r.nextInt(4); c > 0; c--) {
          connections.add(connection(start + r.nextInt(1_000_000_000)));
        }
        String os = pick(r, OSES);
        return new Device(hex(16), os,
            blank(10) ? null : (1 + r.nextInt(17)) + "." + r.nextInt(10) + "." + r.nextInt(30),
            blank(25) ? null : pick(r, models), pick(r, agents),
            blank(50) ? null : hex(32) + ":" + hex(24), connections);
      }

      private Connection connection(long startedAt) {
        List<Event> events = new ArrayList<>();
        long t = startedAt;
        for (int e = 4 + r.nextInt(7); e > 0; e--) {
          t += 1 + r.nextInt(120_000);
          events.add(event(t));
        }
        return new Connection(hex(20),
            r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256),
            blank(15) ? null : pick(r, NETWORKS), blank(40) ? null : pick(r, carriers),
            startedAt, blank(20) ? null : t + r.nextInt(60_000), events);
      }

      private Event event(long timestamp) {
        List<String> tags = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
          tags.add(pick(r, words));
        }
        return new Event(hex(24), pick(r, EVENT_TYPES), timestamp, url(),
            blank(40) ? null : url(), blank(50) ? null : sentence(),
            blank(30) ? null : r.nextInt(600_000), blank(80) ? null : r.nextInt(1_000_000) / 100.0,
            tags);
      }

      private String url() {
        return "https://" + pick(r, domains) + "/" + pick(r, words) + "/" + pick(r, words)
            + "?id=" + hex(10) + "&q=" + pick(r, words);
      }

      private String sentence() {
        return pick(r, sentences);
      }

      private boolean blank(int percent) {
        return r.nextInt(100) < percent;
      }

      private String hex(int digits) {
        StringBuilder b = new StringBuilder(digits);
        while (b.length() < digits) {
          b.append(Long.toHexString(r.nextLong() | Long.MIN_VALUE));
        }
        b.setLength(digits);
        return b.toString();
      }
    };
  }

  /** Vocabulary from datafaker, built once per JVM from a fixed seed (datafaker is slow). */
  private static final class Pools {
    static final Faker F = new Faker(Locale.ENGLISH, new Random(SEED + 1));
    static final String[] NAMES = MediaContents.pool(5_000, () -> F.name().fullName());
    static final String[] DOMAINS = MediaContents.pool(800, () -> F.internet().domainName());
    static final String[] WORDS = MediaContents.pool(2_000, () -> F.lorem().word());
    static final String[] AGENTS = MediaContents.pool(1_000, () -> F.internet().userAgent());
    static final String[] COUNTRIES = MediaContents.pool(200, () -> F.address().countryCode());
    static final String[] LOCALES = MediaContents.pool(60, () -> F.nation().language());
    static final String[] MODELS = MediaContents.pool(300, () -> F.device().modelName());
    static final String[] CARRIERS = MediaContents.pool(40, () -> F.company().name());
    static final String[] SENTENCES = MediaContents.pool(3_000, () -> F.lorem().sentence(8));
  }

  private static String pick(Random r, String[] values) {
    return values[r.nextInt(values.length)];
  }
}
