package io.dendrite.parquet.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks measure the core through its public API only: its {@code internal} packages
 * are public for the core's own packages and may change without notice (README, "API at a
 * glance").
 */
class PublicApiOnlyTest {

  @Test
  void benchmarksDependOnNoInternalPackage() {
    noClasses().that().resideInAPackage("io.dendrite.parquet.bench..")
        .should().dependOnClassesThat().resideInAPackage("io.dendrite.parquet..internal..")
        .because("the core's internal packages are not API")
        .check(new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.dendrite.parquet.bench"));
  }
}
