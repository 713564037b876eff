/** Every test file starts with the built-in rule modules registered, as the game does. */
import '../src/engine/rulesets';
