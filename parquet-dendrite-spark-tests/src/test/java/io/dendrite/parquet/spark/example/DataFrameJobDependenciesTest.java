package io.dendrite.parquet.spark.example;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The DataFrame example job is what a user's job looks like: it reaches our source through
 * {@code format("dendrite")} only. Its classes (the ones the POM packs into
 * dendrite-dataframe-example.jar; keep both lists alike) may use the JDK, Scala and Spark, and
 * each other, never the core or the source's classes: under spark-submit those come only from
 * parquet-dendrite-spark.jar.
 */
class DataFrameJobDependenciesTest {
  private static final Pattern IN_JAR = Pattern.compile("io\\.dendrite\\.parquet\\.spark\\.example\\."
      + "(DendriteDataFrameJob|DataFrame\\w*|JobMain|JobOptions|EventGenerator)(\\$.*)?");
  private static final DescribedPredicate<JavaClass> JOB_CLASS = DescribedPredicate.describe(
      "are packed into dendrite-dataframe-example.jar", c -> IN_JAR.matcher(c.getName()).matches());

  @Test
  void usesSparksApiOnly() {
    JavaClasses imported = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dendrite.parquet.spark.example");
    classes().that(JOB_CLASS)
        .should().onlyDependOnClassesThat(JavaClass.Predicates.resideInAnyPackage(
            "java..", "scala..", "org.apache.spark..").or(JOB_CLASS))
        .check(imported);
  }
}
