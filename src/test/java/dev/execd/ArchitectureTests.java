package dev.execd;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.execd.output.OutputException;

import org.springframework.web.bind.annotation.RestController;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * Dependencies point one way: api → session → {process, output, input, screen}, api →
 * files; config is read by all; nothing below api knows about the web; only screen knows
 * the emulator library.
 */
@AnalyzeClasses(packages = "dev.execd", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
		.layer("api")
		.definedBy("dev.execd.api..")
		.layer("session")
		.definedBy("dev.execd.session..")
		.layer("process")
		.definedBy("dev.execd.process..")
		.layer("output")
		.definedBy("dev.execd.output..")
		.layer("input")
		.definedBy("dev.execd.input..")
		.layer("screen")
		.definedBy("dev.execd.screen..")
		.layer("files")
		.definedBy("dev.execd.files..")
		.layer("config")
		.definedBy("dev.execd.config..")
		.whereLayer("api")
		.mayNotBeAccessedByAnyLayer()
		.whereLayer("session")
		.mayOnlyBeAccessedByLayers("api")
		.whereLayer("process")
		.mayOnlyBeAccessedByLayers("session", "api")
		.whereLayer("output")
		.mayOnlyBeAccessedByLayers("session", "api")
		.whereLayer("input")
		.mayOnlyBeAccessedByLayers("session")
		.whereLayer("screen")
		.mayOnlyBeAccessedByLayers("session")
		.whereLayer("files")
		.mayOnlyBeAccessedByLayers("api");

	// Files are reached over the API next to sessions, not through them: the files
	// package knows config only.
	@ArchTest
	static final ArchRule filesUseOnlyConfig = noClasses().that()
		.resideInAPackage("dev.execd.files..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.api..", "dev.execd.session..", "dev.execd.process..", "dev.execd.output..",
				"dev.execd.input..", "dev.execd.screen..");

	@ArchTest
	static final ArchRule screenIsIndependent = noClasses().that()
		.resideInAPackage("dev.execd.screen..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.process..", "dev.execd.session..", "dev.execd.api..", "dev.execd.output..",
				"dev.execd.input..");

	// The emulator may be swapped for another library: only the screen package knows it.
	@ArchTest
	static final ArchRule onlyScreenKnowsTheEmulator = noClasses().that()
		.resideOutsideOfPackage("dev.execd.screen..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("com.techsenger..", "org.jline..");

	// One rule per condition: noClasses().should(a).andShould(b) fails only for a class
	// that breaks both.
	@ArchTest
	static final ArchRule processIsIndependentOfOutput = noClasses().that()
		.resideInAPackage("dev.execd.process..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.execd.output..");

	@ArchTest
	static final ArchRule processIsIndependentOfSessions = noClasses().that()
		.resideInAPackage("dev.execd.process..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.execd.session..");

	@ArchTest
	static final ArchRule outputIsIndependent = noClasses().that()
		.resideInAPackage("dev.execd.output..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.process..", "dev.execd.session..", "dev.execd.api..");

	// MCP and REST share the use cases in session/ and the api's services: a controller
	// is an entry point, never a library another adapter calls.
	@ArchTest
	static final ArchRule adaptersNeverCallControllers = noClasses().that()
		.areNotAnnotatedWith(RestController.class)
		.should()
		.dependOnClassesThat()
		.areAnnotatedWith(RestController.class);

	// The api reaches below session only for the output package's sealed refusal family,
	// which it maps to codes like every package's (STYLE: one exhaustive switch); never
	// for bytes, decoding, signals or processes.
	@ArchTest
	static final ArchRule apiUsesSessionAndConfig = noClasses().that()
		.resideInAPackage("dev.execd.api..")
		.should()
		.dependOnClassesThat(resideInAnyPackage("dev.execd.process..", "dev.execd.output..", "dev.execd.input..")
			.and(not(belongToAnyOf(OutputException.class))));

	// The adapters share the root api package (use cases, wire records, refusal codes)
	// and never call each other.
	@ArchTest
	static final ArchRule apiCoreKnowsNoAdapter = noClasses().that()
		.resideInAPackage("dev.execd.api")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.api.rest..", "dev.execd.api.mcp..", "dev.execd.api.docs..",
				"dev.execd.api.server..", "dev.execd.api.webhook..", "dev.execd.api.attach..");

	// The attach channel is an entry point beside REST: it shares the api root and the
	// security package's Origin rule, never another adapter.
	@ArchTest
	static final ArchRule attachIsIndependentOfOtherAdapters = noClasses().that()
		.resideInAPackage("dev.execd.api.attach..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.api.rest..", "dev.execd.api.mcp..", "dev.execd.api.server..",
				"dev.execd.api.webhook..");

	@ArchTest
	static final ArchRule nothingElseUsesAttach = noClasses().that()
		.resideOutsideOfPackage("dev.execd.api.attach..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.execd.api.attach..");

	@ArchTest
	static final ArchRule mcpIsIndependentOfOtherAdapters = noClasses().that()
		.resideInAPackage("dev.execd.api.mcp..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.api.rest..", "dev.execd.api.docs..", "dev.execd.api.server..");

	@ArchTest
	static final ArchRule nothingElseUsesMcp = noClasses().that()
		.resideOutsideOfPackage("dev.execd.api.mcp..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.execd.api.mcp..");

	// Webhook delivery is an outbound adapter: the api reaches it through the Webhooks
	// port only, and it knows the api root, session and config, no other adapter.
	@ArchTest
	static final ArchRule nothingElseUsesWebhooks = noClasses().that()
		.resideOutsideOfPackage("dev.execd.api.webhook..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.execd.api.webhook..");

	@ArchTest
	static final ArchRule webhooksAreIndependentOfOtherAdapters = noClasses().that()
		.resideInAPackage("dev.execd.api.webhook..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.api.rest..", "dev.execd.api.mcp..", "dev.execd.api.docs..",
				"dev.execd.api.server..", "dev.execd.api.security..");

	@ArchTest
	static final ArchRule docsAndServerAreIndependentOfRoutes = noClasses().that()
		.resideInAnyPackage("dev.execd.api.docs..", "dev.execd.api.server..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.execd.api.rest..");

	@ArchTest
	static final ArchRule noWebTypesBelowApi = noClasses().that()
		.resideOutsideOfPackage("dev.execd.api..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework.web..", "org.springframework.http..", "jakarta.servlet..",
				"tools.jackson.databind.annotation..");

	@ArchTest
	static final ArchRule inputIsIndependent = noClasses().that()
		.resideInAPackage("dev.execd.input..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.process..", "dev.execd.session..", "dev.execd.api..", "dev.execd.output..");

	@ArchTest
	static final ArchRule configDependsOnNothingOfOurs = noClasses().that()
		.resideInAPackage("dev.execd.config..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.execd.api..", "dev.execd.session..", "dev.execd.process..", "dev.execd.output..",
				"dev.execd.input..", "dev.execd.files..");

}
