package io.dendrite.parquet.spark.bench;

import org.openjdk.jmh.annotations.Fork;

/**
 * The fork JVM of every Spark benchmark here (JMH finds a benchmark's {@code @Fork} on its
 * superclasses too): one fork per trial unless a benchmark says otherwise; the heap; and the
 * options Spark needs on Java 17.
 */
// The heap in jvmArgs alone, so that a smoke run's -jvmArgs replaces it and nothing else.
@Fork(value = 1, jvmArgs = {"-Xms6g", "-Xmx6g", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch"},
    jvmArgsAppend = {
    // Spark on Java 17 needs these (the list spark-submit passes).
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.net=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
    "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
    "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
    "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
    "-Djdk.reflect.useDirectMethodHandle=false",
    "-Dio.netty.tryReflectionSetAccessible=true"})
public abstract class SparkForks {}
