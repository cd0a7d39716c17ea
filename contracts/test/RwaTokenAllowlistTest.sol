// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RwaToken} from "../RwaToken.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC1155Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @notice A wallet the tests control: it holds tokens and makes the calls it is told to, as its owner would.
contract TestHolder is ERC1155Holder {
    /// @notice Calls `target` with `data` as this wallet; a revert comes back with the callee's own revert data.
    function act(address target, bytes calldata data) external {
        (bool ok, bytes memory reason) = target.call(data);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }
}

/// @title Solidity tests of RwaToken's verified-holder allowlist, freezes and redemptions (issue 42).
/// @notice Test code only: never part of the production artifact (server/chain/RwaToken.json). Compiled and run on the
/// dev chain by tests/unit/chain-solidity-allowlist.test.ts, beside a deployed RwaToken that granted this contract
/// MINTER_ROLE, VERIFIER_ROLE and REDEEMER_ROLE. Every function named test* is one case: it reverts with a sentence when a rule does
/// not hold. Each case uses token ids of its own, so the cases pass in any order.
contract RwaTokenAllowlistTest {
    RwaToken public immutable token;
    /// @dev Three wallets: the tests verify alice and bob where a case needs it, never carol.
    TestHolder public immutable alice;
    TestHolder public immutable bob;
    TestHolder public immutable carol;

    constructor(RwaToken token_) {
        token = token_;
        alice = new TestHolder();
        bob = new TestHolder();
        carol = new TestHolder();
    }

    /// A restricted token never reaches a wallet off the allowlist: not by transfer, not by mint, not once taken off.
    function testTransferToUnverifiedWalletReverts() external {
        uint256 id = 101;
        token.setRestricted(id, true);
        token.setVerified(address(alice), true);
        token.mint(address(alice), id, 10, "");

        bytes memory refused = _notVerified(id, carol);
        _expectSendReverts(alice, carol, id, 1, refused, "a restricted token went to an unverified wallet");
        _expectRevert(
            address(token),
            abi.encodeCall(RwaToken.mint, (address(carol), id, 1, "")),
            refused,
            "a restricted token was minted to an unverified wallet"
        );
        token.setVerified(address(bob), true);
        token.setVerified(address(bob), false);
        _expectSendReverts(alice, bob, id, 1, _notVerified(id, bob), "a wallet taken off the allowlist still received");

        _equal(token.balanceOf(address(alice), id), 10, "the refused transfers moved alice's tokens");
        _equal(token.balanceOf(address(carol), id), 0, "carol holds a restricted token");
        _equal(token.balanceOf(address(bob), id), 0, "bob holds a restricted token");
    }

    /// A restricted token moves between verified wallets; an unrestricted one, or one whose restriction is lifted,
    /// goes anywhere.
    function testTransferToVerifiedWalletSucceeds() external {
        uint256 id = 102;
        token.setRestricted(id, true);
        token.setVerified(address(alice), true);
        token.setVerified(address(bob), true);
        token.mint(address(alice), id, 10, "");

        _send(alice, bob, id, 4);
        _send(bob, alice, id, 1);
        _equal(token.balanceOf(address(alice), id), 7, "alice's balance after the transfers");
        _equal(token.balanceOf(address(bob), id), 3, "bob's balance after the transfers");
        // A verified holder may still send to an unverified wallet once the restriction is lifted, never before.
        bytes memory refused = _notVerified(id, carol);
        _expectSendReverts(bob, carol, id, 1, refused, "a restricted token went to an unverified wallet");
        token.setRestricted(id, false);
        _send(bob, carol, id, 1);
        _equal(token.balanceOf(address(carol), id), 1, "the lifted restriction still held");

        uint256 free = 103;
        token.mint(address(carol), free, 2, "");
        _send(carol, alice, free, 1);
        _equal(token.balanceOf(address(alice), free), 1, "an unrestricted token did not move between wallets");
    }

    /// A frozen wallet neither sends nor receives that token (mints included), whatever its allowlist status; the
    /// freeze is per token and lifting it restores both directions.
    function testFrozenHolderCannotSendOrReceive() external {
        uint256 id = 104;
        token.mint(address(alice), id, 5, "");
        token.mint(address(bob), id, 5, "");
        token.setFrozen(id, address(alice), true);

        _expectSendReverts(alice, bob, id, 1, _frozen(id, alice), "a frozen holder sent");
        _expectSendReverts(bob, alice, id, 1, _frozen(id, alice), "a frozen holder received");
        _expectRevert(
            address(token),
            abi.encodeCall(RwaToken.mint, (address(alice), id, 1, "")),
            _frozen(id, alice),
            "a frozen holder was minted to"
        );

        uint256 other = 105;
        token.mint(address(alice), other, 2, "");
        _send(alice, bob, other, 1);
        _equal(token.balanceOf(address(bob), other), 1, "a freeze of one token stopped another");

        uint256 restricted = 106;
        token.setRestricted(restricted, true);
        token.setVerified(address(alice), true);
        token.setVerified(address(bob), true);
        token.mint(address(bob), restricted, 3, "");
        token.setFrozen(restricted, address(bob), true);
        _expectSendReverts(bob, alice, restricted, 1, _frozen(restricted, bob), "a frozen verified holder sent");

        token.setFrozen(id, address(alice), false);
        _send(alice, bob, id, 2);
        _send(bob, alice, id, 1);
        _equal(token.balanceOf(address(alice), id), 4, "alice's balance after the freeze was lifted");
        _equal(token.balanceOf(address(bob), id), 6, "bob's balance after the freeze was lifted");
    }

    /// Only VERIFIER_ROLE keeps the allowlist, the restriction and the freezes: a holder cannot verify or unfreeze
    /// itself.
    function testOnlyTheVerifierKeepsTheRules() external {
        uint256 id = 107;
        bytes32 role = token.VERIFIER_ROLE();
        bytes memory refused = abi.encodeWithSelector(
            IAccessControl.AccessControlUnauthorizedAccount.selector,
            address(carol),
            role
        );
        _expectRevert(
            address(carol),
            abi.encodeCall(
                TestHolder.act,
                (address(token), abi.encodeCall(RwaToken.setVerified, (address(carol), true)))
            ),
            refused,
            "a holder put itself on the allowlist"
        );
        _expectRevert(
            address(carol),
            abi.encodeCall(TestHolder.act, (address(token), abi.encodeCall(RwaToken.setRestricted, (id, false)))),
            refused,
            "a holder lifted a restriction"
        );
        _expectRevert(
            address(carol),
            abi.encodeCall(
                TestHolder.act,
                (address(token), abi.encodeCall(RwaToken.setFrozen, (id, address(carol), false)))
            ),
            refused,
            "a holder unfroze itself"
        );
        require(!token.verified(address(carol)), "carol is on the allowlist");
    }

    /// Only REDEEMER_ROLE redeems (a holder cannot burn another's tokens, nor its own, through redeem()); a redemption
    /// above the balance reverts; one within it lowers the balance, and a frozen holder is not redeemed until unfrozen.
    function testOnlyTheRedeemerRedeemsWithinTheBalance() external {
        uint256 id = 108;
        token.mint(address(alice), id, 10, "");
        token.mint(address(bob), id, 4, "");

        bytes memory refused = abi.encodeWithSelector(
            IAccessControl.AccessControlUnauthorizedAccount.selector,
            address(carol),
            token.REDEEMER_ROLE()
        );
        _expectRevert(
            address(carol),
            abi.encodeCall(TestHolder.act, (address(token), abi.encodeCall(RwaToken.redeem, (address(alice), id, 1)))),
            refused,
            "a wallet without the role redeemed another's tokens"
        );
        _expectRevert(
            address(alice),
            abi.encodeCall(TestHolder.act, (address(token), abi.encodeCall(RwaToken.redeem, (address(alice), id, 1)))),
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector,
                address(alice),
                token.REDEEMER_ROLE()
            ),
            "a holder redeemed its own tokens without the role"
        );
        _expectRevert(
            address(token),
            abi.encodeCall(RwaToken.redeem, (address(alice), id, 11)),
            abi.encodeWithSelector(IERC1155Errors.ERC1155InsufficientBalance.selector, address(alice), 10, 11, id),
            "a redemption above the balance went through"
        );

        token.redeem(address(alice), id, 3);
        _equal(token.balanceOf(address(alice), id), 7, "alice's balance after redeeming 3");
        _equal(token.balanceOf(address(bob), id), 4, "a redemption of alice's tokens moved bob's");
        token.redeem(address(alice), id, 7);
        _equal(token.balanceOf(address(alice), id), 0, "alice's balance after redeeming all of it");
        // What is left of the id: bob's 4, of the 14 minted.
        _equal(token.balanceOf(address(alice), id) + token.balanceOf(address(bob), id), 4, "the supply left");

        token.setFrozen(id, address(bob), true);
        _expectRevert(
            address(token),
            abi.encodeCall(RwaToken.redeem, (address(bob), id, 1)),
            _frozen(id, bob),
            "a frozen holder was redeemed"
        );
        token.setFrozen(id, address(bob), false);
        token.redeem(address(bob), id, 4);
        _equal(token.balanceOf(address(bob), id), 0, "bob's balance after the freeze was lifted and he redeemed");
    }

    function _send(TestHolder from, TestHolder to, uint256 id, uint256 amount) private {
        from.act(address(token), _transfer(from, to, id, amount));
    }

    function _transfer(TestHolder from, TestHolder to, uint256 id, uint256 amount) private pure returns (bytes memory) {
        return abi.encodeCall(IERC1155.safeTransferFrom, (address(from), address(to), id, amount, ""));
    }

    function _expectSendReverts(
        TestHolder from,
        TestHolder to,
        uint256 id,
        uint256 amount,
        bytes memory expected,
        string memory what
    ) private {
        _expectRevert(
            address(from),
            abi.encodeCall(TestHolder.act, (address(token), _transfer(from, to, id, amount))),
            expected,
            what
        );
    }

    /// @dev Calls `target` (the token itself: a call as its minter and verifier; a holder: a call it makes) and
    /// requires it to revert with `expected`, the token's error and arguments.
    function _expectRevert(address target, bytes memory data, bytes memory expected, string memory what) private {
        (bool ok, bytes memory reason) = target.call(data);
        require(!ok, string.concat(what, " (the call went through)"));
        require(keccak256(reason) == keccak256(expected), string.concat(what, " (it reverted, for another reason)"));
    }

    function _notVerified(uint256 id, TestHolder holder) private pure returns (bytes memory) {
        return abi.encodeWithSelector(RwaToken.HolderNotVerified.selector, id, address(holder));
    }

    function _frozen(uint256 id, TestHolder holder) private pure returns (bytes memory) {
        return abi.encodeWithSelector(RwaToken.HolderFrozen.selector, id, address(holder));
    }

    function _equal(uint256 actual, uint256 expected, string memory what) private pure {
        if (actual != expected)
            revert(string.concat(what, ": ", Strings.toString(actual), ", not ", Strings.toString(expected)));
    }
}
