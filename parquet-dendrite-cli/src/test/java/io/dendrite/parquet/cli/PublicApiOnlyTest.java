package io.dendrite.parquet.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.dendrite.parquet.read.DendriteReadException;
import org.junit.jupiter.api.Test;

/**
 * The CLI uses only the core's public API: its {@code internal} packages are public for the
 * core's own packages and may change without notice (README, "API at a glance").
 */
class PublicApiOnlyTest {

  private static ArchRule noInternalIn(String packages) {
    return noClasses().that().resideInAPackage(packages)
        .should().dependOnClassesThat().resideInAPackage("io.dendrite.parquet..internal..")
        .because("the core's internal packages are not API");
  }

  @Test
  void cliDependsOnNoInternalPackage() {
    JavaClasses cli = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages("io.dendrite.parquet.cli");
    noInternalIn("io.dendrite.parquet.cli..").check(cli);
  }

  @Test
  void theRuleSeesInternalDependencies() {
    // A core class that does use an internal package fails the same rule.
    JavaClasses core = new ClassFileImporter().importClasses(DendriteReadException.class);
    assertThrows(AssertionError.class, () -> noInternalIn("io.dendrite.parquet.read").check(core));
  }
}
