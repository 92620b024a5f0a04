package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.codegen.Readers;
import io.dendrite.parquet.bench.codegen.Row16;
import io.dendrite.parquet.bench.codegen.RowReader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Issue 30's choice of a code generator for records, by what it costs a read: generating,
 * loading (as hidden classes) and running once {@code classes} readers that each build a
 * 16-component record from column arrays, with Janino (Java source, compiled) or ASM
 * (bytecode, written). The suite's settings measure the first read in a fresh JVM (no warm-up,
 * one shot, 10 forks), where the generator's own classes load too; with
 * {@code -wi 20 -i 20 -f 2} it measures the cost per read once the generator is warm. The
 * generated code is the same straight-line bytecode either way, so it runs alike once loaded.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 10, jvmArgsAppend = {BenchmarkJvm.XMS, BenchmarkJvm.XMX, BenchmarkJvm.GC,
    BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class CodegenBenchmark {
  /** Record types a read generates a reader for (a dataset's nested records: 1 to 20). */
  @Param({"1", "20"})
  public int classes;

  private long[][] columns;

  @Setup
  public void columns() {
    columns = new long[16][1];
    for (int i = 0; i < columns.length; i++) {
      columns[i][0] = i;
    }
  }

  @Benchmark
  public void janino(Blackhole bh) throws Exception {
    for (int k = 0; k < classes; k++) {
      RowReader reader = Readers.janino("JaninoReader" + k);
      bh.consume((Row16) reader.read(columns, 0));
    }
  }

  @Benchmark
  public void asm(Blackhole bh) throws Exception {
    for (int k = 0; k < classes; k++) {
      RowReader reader = Readers.asm("AsmReader" + k);
      bh.consume((Row16) reader.read(columns, 0));
    }
  }
}
